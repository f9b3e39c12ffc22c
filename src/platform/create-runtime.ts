import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import type { FileSystem, PlatformInfo, Runtime, StartedCommand } from "../domain/index.js";
import { createIdGenerator, createSeededRandom } from "./create-seeded-random.js";
import { createVirtualClock } from "./create-virtual-clock.js";
import { createNodeFileSystem } from "./node-file-system.js";
import { resolveStateDir } from "./resolve-state-dir.js";
import { runShellCommand, startShellCommand } from "./run-shell-command.js";
import { sleep } from "./sleep.js";

export interface RuntimeOptions {
  /**
   * The clock: a fixed instant in ms since the epoch, or a function (the host clock). A fixed
   * instant starts simulated time ({@link createVirtualClock}): sleeps take no wall time and wake
   * in due order once nothing else is pending; with the host clock `sleep` waits on real timers.
   */
  now: number | (() => number);
  timezone: string;
  env: Readonly<Record<string, string>>;
  homeDir: string;
  /** Default: {@link resolveStateDir} of `env` (OPENCLAW_STATE_DIR, else `<home>/.openclaw`). */
  stateDir?: string;
  seed: number;
  platform: PlatformInfo;
  fs?: FileSystem;
  /** Default: this process's id. */
  processId?: number;
  /** Default: {@link isHostProcessAlive}. */
  isProcessAlive?: (pid: number) => boolean;
}

/** `process.kill(pid, 0)`: delivers no signal, only checks; EPERM means it exists under another user. */
export function isHostProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

type Clock = Pick<Runtime, "now" | "sleep" | "after" | "activity" | "wait" | "realWait" | "holdTime">;

function createClock(clock: number | (() => number)): Clock {
  if (typeof clock === "function") {
    return {
      now: clock,
      sleep,
      after: sleep,
      activity: (work) => work(),
      wait: (promise) => promise,
      realWait: (promise) => promise,
      holdTime: () => () => {},
    };
  }
  const virtual = createVirtualClock(clock);
  return {
    now: virtual.now,
    sleep: virtual.sleep,
    after: virtual.after,
    activity: virtual.activity,
    wait: virtual.wait,
    realWait: virtual.realWait,
    holdTime: virtual.hold,
  };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    // A name with a NUL byte or one too long for the file system names no executable either.
    if (
      code === "ENOENT" ||
      code === "EACCES" ||
      code === "ENOTDIR" ||
      code === "ENAMETOOLONG" ||
      code === "ERR_INVALID_ARG_VALUE" ||
      code === "ERR_INVALID_ARG_TYPE"
    )
      return false;
    throw error;
  }
}

/** A runtime over the real file system with an injected clock, env and seed. */
export function createRuntime(options: RuntimeOptions): Runtime {
  const random = createSeededRandom(options.seed);
  const clock = createClock(options.now);
  const pathDirectories = (options.env.PATH ?? "").split(delimiter).filter((entry) => entry !== "");
  const stateDir = options.stateDir ?? resolveStateDir({ env: options.env, homeDir: options.homeDir });
  const whichCache = new Map<string, string | undefined>();
  const fs = options.fs ?? createNodeFileSystem();
  const started = new Set<StartedCommand>();
  return {
    now: clock.now,
    sleep: clock.sleep,
    after: clock.after,
    activity: clock.activity,
    wait: clock.wait,
    realWait: clock.realWait,
    holdTime: clock.holdTime,
    timezone: options.timezone,
    random,
    newId: createIdGenerator(random),
    env: options.env,
    homeDir: options.homeDir,
    stateDir,
    pathDirectories,
    platform: options.platform,
    fs,
    async which(bin) {
      if (whichCache.has(bin)) return whichCache.get(bin);
      let found: string | undefined;
      if (!bin.includes("/")) {
        for (const directory of pathDirectories) {
          const candidate = join(directory, bin);
          if (isExecutable(candidate)) {
            found = candidate;
            break;
          }
        }
      }
      whichCache.set(bin, found);
      return found;
    },
    async exec(request) {
      // A command can change any file; whatever watches the file system must rescan.
      try {
        return await runShellCommand(request);
      } finally {
        fs.noteUnknownChange();
      }
    },
    startCommand(request) {
      fs.noteUnknownChange();
      const command = startShellCommand(request);
      started.add(command);
      void command.done.then(() => {
        started.delete(command);
        fs.noteUnknownChange();
      });
      return command;
    },
    async stopCommands() {
      const running = [...started];
      for (const command of running) command.stop();
      await Promise.all(running.map((command) => command.done));
    },
    processId: options.processId ?? process.pid,
    isProcessAlive: options.isProcessAlive ?? isHostProcessAlive,
  };
}
