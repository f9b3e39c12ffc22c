import { availableParallelism } from "node:os";
import type { Host } from "../domain/index.js";
import { TEST_PLATFORM } from "./create-test-runtime.js";
import { createNodeFileSystem } from "./node-file-system.js";

export interface TestHost extends Host {
  /** Everything written to stdout / stderr. */
  output: { stdout: string; stderr: string };
}

/**
 * A host over the real file system with a fixed wall clock, a monotonic clock that advances
 * 1 ms per reading, no environment and captured output.
 */
export function createTestHost(options: { cwd: string; now?: number; env?: Record<string, string> }): TestHost {
  let tick = 0;
  const output = { stdout: "", stderr: "" };
  return {
    now: () => options.now ?? Date.parse("2026-03-11T09:00:00Z"),
    monotonic: () => {
      tick += 1;
      return tick;
    },
    cpuCount: availableParallelism(),
    env: options.env ?? {},
    cwd: options.cwd,
    platform: TEST_PLATFORM,
    fs: createNodeFileSystem(),
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    isInteractive: false,
    output,
  };
}
