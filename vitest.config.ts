import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/e2e/**", "test/**/*.e2e.test.ts"],
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
        },
      },
    ],
  },
});
