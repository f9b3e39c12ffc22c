import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { threadId } from "node:worker_threads";
import type { PlatformInfo, Runtime } from "../domain/index.js";
import { createRuntime } from "./create-runtime.js";

export const TEST_PLATFORM: PlatformInfo = {
  platform: "linux",
  osType: "Linux",
  osRelease: "6.1.0",
  arch: "x64",
  nodeVersion: "v20.0.0",
  hostName: "claw-eval-test",
};

export interface TestRuntimeOptions {
  /** Fixed clock, ms since the epoch (default 2026-03-11T09:00:00Z). */
  now?: number;
  seed?: number;
  timezone?: string;
  env?: Record<string, string>;
  /** Files to create under a fresh temp root, keyed by path relative to it. */
  files?: Record<string, string>;
  /** The runtime's own process id (default {@link TEST_PROCESS_ID}); always alive. */
  processId?: number;
  /** Other process ids that count as alive; every other id is dead (default none). */
  alivePids?: readonly number[];
}

/** The process id a test runtime reports unless told otherwise. */
export const TEST_PROCESS_ID = 4242;

export interface TestRuntime extends Runtime {
  /** The temp root holding `files`; also HOME's parent (`<root>/home`). */
  root: string;
}

/**
 * Names this test process (and worker thread) in the temp folders its tests make:
 * `<pid>-<threadId>`. The test cleanup removes `claw-eval-…-<tag>-XXXXXX` folders with its own
 * tag only, so test workers running side by side never remove each other's folders.
 */
export function testProcessTag(): string {
  return `${process.pid}-${threadId}`;
}

/**
 * A runtime over a fresh temp directory with a fixed clock and a seeded generator. Time is
 * virtual: `sleep(ms)` advances the clock by `ms` and resolves at once, so no test waits. The
 * root (`claw-eval-test-<tag>-XXXXXX`, see {@link testProcessTag}) is removed by the test
 * cleanup after each test file.
 */
export function createTestRuntime(options: TestRuntimeOptions = {}): TestRuntime {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `claw-eval-test-${testProcessTag()}-`)));
  for (const [relative, content] of Object.entries(options.files ?? {})) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  const processId = options.processId ?? TEST_PROCESS_ID;
  const alive = new Set([processId, ...(options.alivePids ?? [])]);
  const homeDir = join(root, "home");
  mkdirSync(homeDir, { recursive: true });
  const runtime = createRuntime({
    now: options.now ?? Date.parse("2026-03-11T09:00:00Z"),
    timezone: options.timezone ?? "UTC",
    env: { HOME: homeDir, PATH: "", ...options.env },
    homeDir,
    seed: options.seed ?? 1,
    platform: TEST_PLATFORM,
    processId,
    isProcessAlive: (pid) => alive.has(pid),
  });
  return { ...runtime, root };
}
