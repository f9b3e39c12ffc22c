import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
}

export interface TestRuntime extends Runtime {
  /** The temp root holding `files`; also HOME's parent (`<root>/home`). */
  root: string;
}

/** A runtime over a fresh temp directory with a fixed clock and a seeded generator. */
export function createTestRuntime(options: TestRuntimeOptions = {}): TestRuntime {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-test-")));
  for (const [relative, content] of Object.entries(options.files ?? {})) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  const homeDir = join(root, "home");
  mkdirSync(homeDir, { recursive: true });
  const runtime = createRuntime({
    now: options.now ?? Date.parse("2026-03-11T09:00:00Z"),
    timezone: options.timezone ?? "UTC",
    env: { HOME: homeDir, PATH: "", ...options.env },
    homeDir,
    seed: options.seed ?? 1,
    platform: TEST_PLATFORM,
  });
  return { ...runtime, root };
}
