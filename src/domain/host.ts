import type { FileSystem, PlatformInfo } from "./runtime.js";

/** File operations the harness needs beyond the runtime's view. */
export interface HostFileSystem extends FileSystem {
  /**
   * Creates a fresh empty directory in `parent` (a real path; default the system temp folder);
   * returns its absolute real path.
   */
  makeTempDirectory(prefix: string, parent?: string): Promise<string>;
  /** Recursive copy that keeps symlinks as symlinks. */
  copyDirectory(from: string, to: string): Promise<void>;
  /** Recursive removal; missing paths are fine. */
  remove(path: string): Promise<void>;
  /** Writes through a temp file and rename, so readers never see half a file. */
  writeTextAtomic(path: string, content: string): Promise<void>;
  /**
   * Like {@link writeTextAtomic}, writing the pieces one after another: each is written before
   * the next is asked for, so a piece may reuse the previous one's buffer.
   */
  writeChunksAtomic(path: string, chunks: Iterable<string | Uint8Array>): Promise<void>;
  makeSymlink(target: string, path: string): Promise<void>;
  makeExecutable(path: string, content: string): Promise<void>;
}

/**
 * The machine as the harness (runner, reporters, CLI) sees it. Only `platform/` implements it;
 * tests pass a host with a fixed clock.
 */
export interface Host {
  /** Wall clock, ms since the epoch. */
  now(): number;
  /** Monotonic clock in ms, for durations. */
  monotonic(): number;
  cpuCount: number;
  /** The host process environment (API keys, CI, TZ). Scenario runs never see it. */
  env: Readonly<Record<string, string>>;
  cwd: string;
  platform: PlatformInfo;
  fs: HostFileSystem;
  /** Writes to standard output / error. */
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stdout is an interactive terminal (live progress line). */
  isInteractive: boolean;
}
