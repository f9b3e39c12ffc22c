import { defineConfig } from "vitest/config";

/** Live provider tests (`npm run test:live`): real network calls, so never part of `npm test`. */
export default defineConfig({
  test: {
    include: ["test/live/**/*.test.ts"],
    testTimeout: 120_000,
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
  },
});
