import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import type { FileSystem, PlatformInfo, Runtime } from "../domain/index.js";
import { createIdGenerator, createSeededRandom } from "./create-seeded-random.js";
import { createNodeFileSystem } from "./node-file-system.js";
import { resolveStateDir } from "./resolve-state-dir.js";
import { runShellCommand } from "./run-shell-command.js";

export interface RuntimeOptions {
  /** The clock: a fixed instant in ms since the epoch, or a function (the host clock). */
  now: number | (() => number);
  timezone: string;
  env: Readonly<Record<string, string>>;
  homeDir: string;
  /** Default: {@link resolveStateDir} of `env` (OPENCLAW_STATE_DIR, else `<home>/.openclaw`). */
  stateDir?: string;
  seed: number;
  platform: PlatformInfo;
  fs?: FileSystem;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "EACCES" || code === "ENOTDIR") return false;
    throw error;
  }
}

/** A runtime over the real file system with an injected clock, env and seed. */
export function createRuntime(options: RuntimeOptions): Runtime {
  const random = createSeededRandom(options.seed);
  const clock = options.now;
  const pathDirectories = (options.env.PATH ?? "").split(delimiter).filter((entry) => entry !== "");
  const stateDir = options.stateDir ?? resolveStateDir({ env: options.env, homeDir: options.homeDir });
  const whichCache = new Map<string, string | undefined>();
  return {
    now: typeof clock === "number" ? () => clock : clock,
    timezone: options.timezone,
    random,
    newId: createIdGenerator(random),
    env: options.env,
    homeDir: options.homeDir,
    stateDir,
    pathDirectories,
    platform: options.platform,
    fs: options.fs ?? createNodeFileSystem(),
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
    exec: runShellCommand,
  };
}
