import { arch, availableParallelism, hostname, release, type } from "node:os";
import { performance } from "node:perf_hooks";
import type { Host, PlatformInfo } from "../domain/index.js";
import { createNodeFileSystem } from "./node-file-system.js";

/** Facts about this machine, for the runtime line. */
export function readPlatformInfo(): PlatformInfo {
  const name = hostname().replace(/\.local$/, "");
  return {
    platform: process.platform,
    osType: type(),
    osRelease: release(),
    arch: arch(),
    nodeVersion: process.version,
    hostName: name === "" ? "openclaw" : name,
  };
}

function processEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return env;
}

/**
 * A reader that goes away (`claw-eval run | head`) closes the pipe: later writes fail with EPIPE,
 * emitted as an error event that would crash the process with a stack trace. Output nobody reads
 * is dropped instead; the run goes on and still writes its reports and exit code.
 */
function ignoreClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount("error") > 0) return;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

/** The real machine: wall clock, process env, real file system, stdout and stderr. */
export function createNodeHost(): Host {
  ignoreClosedPipe(process.stdout);
  ignoreClosedPipe(process.stderr);
  return {
    now: () => Date.now(),
    monotonic: () => performance.now(),
    cpuCount: availableParallelism(),
    env: processEnv(),
    cwd: process.cwd(),
    platform: readPlatformInfo(),
    fs: createNodeFileSystem(),
    stdout: (text) => {
      process.stdout.write(text);
    },
    stderr: (text) => {
      process.stderr.write(text);
    },
    isInteractive: process.stdout.isTTY === true,
  };
}
