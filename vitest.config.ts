import { accessSync, constants, statSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Where the unit tests make their temp folders. Many of them open SQLite files, whose commits
 * wait on fsync; a RAM-backed /dev/shm makes those waits vanish (a property file over stores
 * went from 53 s to 8 s wall on a loaded machine) without changing what the tests do. An
 * explicit TMPDIR wins, and machines without a writable /dev/shm keep the default.
 */
function unitTempDir(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    if (!statSync("/dev/shm").isDirectory()) return undefined;
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return undefined;
  }
}

const tempDir = unitTempDir();

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Each test file removes the temp folders its worker made (claw-eval-*-<pid>-<thread>-*).
    setupFiles: ["./test/support/setup-temp-cleanup.ts"],
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          // Live provider tests need keys and the network: `npm run test:live` (vitest.live.config.ts).
          exclude: [...configDefaults.exclude, "test/e2e/**", "test/**/*.e2e.test.ts", "test/live/**"],
          // One worker process runs many files and keeps its module cache between them: importing
          // zod, the SDKs and src/ once per worker instead of once per file cut the unit project's
          // CPU time by about two thirds. Tests must therefore leave no global state behind
          // (restore spies, stubbed env and fake timers; close servers).
          isolate: false,
          // Vitest leaves one core to itself by default (a single worker on 2 cores), but after the
          // first transforms the main process mostly waits: a worker per core keeps both busy.
          maxWorkers: "100%",
          env: tempDir === undefined ? {} : { TMPDIR: tempDir },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "test/**/*.e2e.test.ts"],
          // The e2e tests run the compiled CLI: refuse to run them against a dist/ older than src/.
          globalSetup: ["./test/support/check-build-fresh.ts"],
          // Room for five CLI children on a loaded 2-core machine (CLI_BUDGET_MS in
          // test/support/run-cli.ts); tests that run more set their own timeout with cliTimeout(n).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // After the unit tests, so the CPU-bound CLI children do not share the cores with them.
          sequence: { groupOrder: 1 },
          // Two files at a time: much of an e2e file's time is spent waiting (process start-up,
          // timeouts, signals), so the fuzz sample and the other files overlap on 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
