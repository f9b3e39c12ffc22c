import { isAbsolute, resolve } from "node:path";

/**
 * Host folders to hide behind an empty private folder in the sandbox: temp files and people's
 * homes. Only existing ones can be hidden (pass those as `hiddenDirs`).
 */
export const SANDBOX_HIDDEN_DIRS: readonly string[] = ["/tmp", "/var/tmp", "/home", "/root", "/run/user"];

/** Quotes one word for `/bin/sh` so that it reaches the program unchanged, whatever it holds. */
export function quoteShellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export interface BubblewrapOptions {
  /** Absolute path of the `bwrap` executable. */
  bwrapPath: string;
  /** The command, run with `/bin/sh -c` inside the sandbox. */
  command: string;
  /** The only writable folder (absolute, as the host names it; the sandbox shows it at the same path). */
  workspaceDir: string;
  /** Working directory of the command, inside `workspaceDir`. */
  cwd: string;
  /** Existing host folders replaced by empty private ones, usually {@link SANDBOX_HIDDEN_DIRS}. */
  hiddenDirs: readonly string[];
  /**
   * Folders that stay visible read-only even when a hidden folder holds them (the scenario's HOME,
   * the folders on its PATH); missing ones are skipped, and so are relative ones and any that is
   * or holds a hidden folder (a PATH entry `/` or `/tmp` must not reveal what is hidden).
   */
  readableDirs: readonly string[];
}

function isSameOrInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder === "/" ? "/" : `${folder}/`);
}

/**
 * The arguments of `bwrap` that run `command` isolated: every namespace unshared (no network
 * but a private loopback, a new pid namespace whose processes die with it, no IPC with the host),
 * no capabilities, the host's root read-only with `hiddenDirs` replaced by empty private
 * folders (so `/tmp` is private), `readableDirs` bound back read-only, the workspace bound
 * read-write last (so it stays writable wherever it lives), a fresh `/dev` and `/proc`, a new
 * session (no terminal to type into), and the sandbox killed when its parent dies. Pure.
 */
export function buildBubblewrapArgs(options: BubblewrapOptions): string[] {
  const hidden = options.hiddenDirs.flatMap((dir) => ["--tmpfs", dir]);
  const readable = options.readableDirs
    .filter((dir) => isAbsolute(dir))
    .map((dir) => resolve(dir))
    .filter((dir) => !options.hiddenDirs.some((hidden) => isSameOrInside(hidden, dir)))
    .flatMap((dir) => ["--ro-bind-try", dir, dir]);
  return [
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    ...hidden,
    ...readable,
    "--bind",
    options.workspaceDir,
    options.workspaceDir,
    "--chdir",
    options.cwd,
    "/bin/sh",
    "-c",
    options.command,
  ];
}

/**
 * The `/bin/sh -c` command line that replaces the shell with `bwrap` running
 * {@link buildBubblewrapArgs}: what an exec backend that runs shell commands runs for a
 * sandboxed call. Pure.
 */
export function buildBubblewrapCommand(options: BubblewrapOptions): string {
  return ["exec", ...[options.bwrapPath, ...buildBubblewrapArgs(options)].map(quoteShellWord)].join(" ");
}
