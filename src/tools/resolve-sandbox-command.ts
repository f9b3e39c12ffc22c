import type { ExecOutcome, Runtime } from "../domain/index.js";
import { buildBubblewrapCommand, SANDBOX_HIDDEN_DIRS } from "../platform/build-bubblewrap-command.js";

/** The way out that runs commands on the host, on purpose. */
const HOST_HINT =
  'Or set agents.defaults.sandbox.mode to "off" to run commands on the host under the exec approval policy.';

/** The refusal of a sandboxed call when `bwrap` is not on the session's PATH. */
export function formatIsolationMissing(pathDirectories: readonly string[]): string {
  const path = pathDirectories.length === 0 ? "PATH is empty" : `PATH: ${pathDirectories.join(":")}`;
  return (
    "exec refused: this session is sandboxed (sandbox.mode), but isolation is unavailable: bubblewrap (bwrap) " +
    `was not found on the session's PATH (${path}). A sandboxed command never runs on the host. Install ` +
    "bubblewrap (Debian/Ubuntu: apt-get install -y bubblewrap; Fedora: dnf install bubblewrap) and put its folder " +
    `(usually /usr/bin) on the scenario's env PATH. ${HOST_HINT}`
  );
}

/**
 * The shell command that runs `command` inside bubblewrap for a sandboxed session (see
 * `buildBubblewrapArgs`): the workspace is the only writable folder, the scenario's HOME and PATH
 * folders stay readable, the host's temp and home folders are hidden, and there is no network.
 * `bwrap` is looked up on the session's PATH through `runtime.which`; without it the call is
 * refused with {@link formatIsolationMissing}, never run unisolated.
 */
export async function resolveSandboxCommand(options: {
  runtime: Runtime;
  command: string;
  workspaceDir: string;
  /** Inside `workspaceDir`. */
  cwd: string;
}): Promise<{ ok: true; command: string } | { ok: false; error: string }> {
  const { runtime } = options;
  const bwrapPath = await runtime.which("bwrap");
  if (bwrapPath === undefined) return { ok: false, error: formatIsolationMissing(runtime.pathDirectories) };
  const hiddenDirs: string[] = [];
  for (const dir of SANDBOX_HIDDEN_DIRS) {
    if ((await runtime.fs.lstat(dir))?.kind === "directory") hiddenDirs.push(dir);
  }
  const command = buildBubblewrapCommand({
    bwrapPath,
    command: options.command,
    workspaceDir: options.workspaceDir,
    cwd: options.cwd,
    hiddenDirs,
    readableDirs: [runtime.homeDir, ...runtime.pathDirectories],
  });
  return { ok: true, command };
}

/**
 * Whether a sandboxed call failed in bubblewrap itself (it could not set the sandbox up, for
 * example without permission to create namespaces) rather than in the command: bwrap then exits
 * 1 with a `bwrap: ` message. Returns the tool error text, or `undefined`. Pure.
 */
export function describeSandboxFailure(outcome: ExecOutcome): string | undefined {
  if (outcome.exitCode !== 1 || !outcome.stderr.startsWith("bwrap: ")) return undefined;
  const reason = outcome.stderr.trim().split("\n")[0] ?? "";
  return (
    `exec failed: the sandbox could not start (${reason}); the command did not run. ` +
    `bubblewrap needs permission to create namespaces (run as root, or allow unprivileged user namespaces). ${HOST_HINT}`
  );
}
