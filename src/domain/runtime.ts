/** One directory entry, as listed by {@link FileSystem.readDirectory} (sorted by name). */
export interface DirectoryEntry {
  name: string;
  kind: "file" | "directory" | "symlink" | "other";
}

export interface FileStat {
  kind: "file" | "directory" | "symlink" | "other";
  /** Bytes. */
  size: number;
  /** Modification time, ms since the epoch. */
  mtimeMs: number;
  /** Hard link count. */
  links: number;
}

/**
 * What changed through a {@link FileSystem} since an earlier generation: the absolute paths
 * written or removed, or `undefined` when that is not known (a command ran, or the log no longer
 * reaches that far back), in which case a reader must rescan.
 */
export interface FileChanges {
  /** Pass this to the next `changesSince` call. */
  generation: number;
  paths: readonly string[] | undefined;
}

/**
 * The file system as the runtime sees it. Paths are absolute. Every method rejects with an
 * error whose `code` is the Node errno code (`ENOENT`, ...) when the operation fails.
 */
export interface FileSystem {
  readText(path: string): Promise<string>;
  readBytes(path: string): Promise<Uint8Array>;
  /** Creates or replaces the file, creating missing parent folders. */
  writeText(path: string, content: string): Promise<void>;
  /** Appends to the file, creating it and any missing parent folders first. */
  appendText(path: string, text: string): Promise<void>;
  /**
   * Creates the file with `text` only when nothing exists at `path` (parent folders are created);
   * rejects with code `EEXIST` otherwise. Readers never see the file without its full text.
   */
  writeExclusive(path: string, text: string): Promise<void>;
  /** Removes a file; a missing path is not an error. */
  remove(path: string): Promise<void>;
  makeDirectory(path: string): Promise<void>;
  /** Entries sorted by name (code unit order). */
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  /** Follows symlinks; resolves `undefined` when the path does not exist. */
  stat(path: string): Promise<FileStat | undefined>;
  /** Does not follow a final symlink; resolves `undefined` when the path does not exist. */
  lstat(path: string): Promise<FileStat | undefined>;
  realPath(path: string): Promise<string>;
  /**
   * The writes made through this file system after `since` (0 = since it was created): the
   * deterministic stand-in for a file watcher. Writes made behind its back are not seen.
   */
  changesSince(since: number): FileChanges;
  /** Notes that anything may have changed (a shell command ran): readers rescan. */
  noteUnknownChange(): void;
}

/** Facts about the machine, as rendered in the runtime line of the system prompt. */
export interface PlatformInfo {
  /** `process.platform` style: linux, darwin, win32. */
  platform: string;
  osType: string;
  osRelease: string;
  arch: string;
  nodeVersion: string;
  hostName: string;
}

/** What an exec call produced. */
export interface ExecOutcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface ExecRequest {
  command: string;
  cwd: string;
  env: Readonly<Record<string, string>>;
  /** Milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A command to start without waiting for it (a background `exec`). */
export interface CommandStartRequest extends ExecRequest {
  /** `pipe`: the command's stdin stays open for {@link StartedCommand.write}; default closed (`/dev/null`). */
  stdin?: "pipe" | "closed";
  /** Called with each chunk of output as it arrives, in arrival order. */
  onOutput?: (text: string, stream: "stdout" | "stderr") => void;
}

/** A command started by {@link Runtime.startCommand}; it runs in real time. */
export interface StartedCommand {
  /** The shell's process id; `undefined` when it could not start. */
  readonly pid: number | undefined;
  /** Settles once, when the command ended, timed out or was stopped; never rejects. */
  readonly done: Promise<ExecOutcome>;
  hasEnded(): boolean;
  /** Output so far (bounded like `exec` output). */
  output(): { stdout: string; stderr: string };
  /**
   * Waits up to `ms` milliseconds of real time (the command's own time, not simulated time) for
   * the command to end; resolves whether it has ended. `signal` ends the wait early.
   */
  waitFor(ms: number, signal?: AbortSignal): Promise<boolean>;
  /** Writes to stdin; `false` when stdin is not open (not piped, closed, or the command ended). */
  write(data: string): boolean;
  /** Closes stdin (end of file for the command). */
  closeInput(): void;
  /** Stops the command's whole process group (SIGTERM, then SIGKILL); `done` settles. */
  stop(): void;
  /**
   * From now on the command runs alongside the simulation (a background `exec`): it no longer
   * counts as real work in flight, so simulated time may move while it runs. Until then a running
   * command, like any child process, keeps simulated time still.
   */
  detach(): void;
}

/**
 * Everything nondeterministic the runtime needs: time, randomness, ids, env, file system.
 * The agent loop and every pure module receive this; nothing else reads the process.
 */
export interface Runtime {
  /** Milliseconds since the epoch. */
  now(): number;
  /** IANA time zone of the user (scenario `timezone`, else `UTC`). */
  timezone: string;
  /** A uniform number in [0, 1), from a seeded generator in tests and scenarios. */
  random(): number;
  /** A fresh id; deterministic for a given seed. */
  newId(prefix: string): string;
  /** The full environment the run sees (nothing leaks in from the host in scenarios). */
  env: Readonly<Record<string, string>>;
  homeDir: string;
  stateDir: string;
  /** Folders searched for executables, in order (from `env.PATH`). */
  pathDirectories: readonly string[];
  platform: PlatformInfo;
  fs: FileSystem;
  /** Absolute path of an executable on `pathDirectories`, or `undefined`. */
  which(bin: string): Promise<string | undefined>;
  /** Runs a shell command; used by the `exec` tool after policy and approvals. */
  exec(request: ExecRequest): Promise<ExecOutcome>;
  /**
   * Starts a shell command without waiting for it (a background `exec`); the same process-group,
   * timeout and abort rules as {@link Runtime.exec}. The runtime keeps it until it ends.
   */
  startCommand(request: CommandStartRequest): StartedCommand;
  /**
   * Stops every command {@link Runtime.startCommand} started that is still running and resolves
   * once they have ended: called when the unit ends, so no child outlives it.
   */
  stopCommands(): Promise<void>;
  /** Id of the process the runtime runs in, as written into session lock files. */
  processId: number;
  /** Whether a process with this id exists (`process.kill(pid, 0)` semantics: EPERM means alive). */
  isProcessAlive(pid: number): boolean;
  /**
   * Waits `ms` milliseconds; resolves early, without error, when `signal` aborts. Under simulated
   * time it takes no wall time: sleepers wake in due order once nothing else is pending.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * A timer that blocks no one (a timeout racing other work): resolves after `ms` like `sleep`,
   * early and without error when `signal` aborts; the caller keeps working meanwhile.
   */
  after(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Runs `work` as one activity of the unit's simulation (a run, an arriving message, a child
   * run). Under simulated time, time stands still while any activity works (neither sleeping nor
   * waiting); with the host clock it just runs `work`.
   */
  activity<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Awaits `promise` as a wait rather than work (another activity's result, a model call or
   * plugin hook that may never settle), so simulated time may move meanwhile.
   */
  wait<T>(promise: Promise<T>): Promise<T>;
  /**
   * Awaits real work that takes wall time, such as a plugin hook: under simulated time the
   * clock stands still while it runs, unless it runs as long as the simulated time left to the
   * next pending timer (a run timeout), which then fires. With the host clock it just awaits.
   */
  realWait<T>(promise: Promise<T>): Promise<T>;
  /**
   * Stops simulated time while real work is in flight (a live model call), so no timeout fires
   * meanwhile; call the returned function when it is done. A no-op under the host clock.
   */
  holdTime(): () => void;
}
