import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * Prints one plain closing line, `tests: N passed, N failed[, N skipped][, N errors]`, after
 * vitest's own summary. Errors outside any test (a failing global setup, an unhandled rejection)
 * are counted too, so a run that failed before its tests never reads as a clean `0 failed`.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly SerializedError[] = []): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else skipped += 1;
      }
      if (module.state() === "failed" && module.children.size === 0) failed += 1;
    }
    const skippedText = skipped > 0 ? `, ${skipped} skipped` : "";
    const errorsText = unhandledErrors.length > 0 ? `, ${unhandledErrors.length} errors` : "";
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skippedText}${errorsText}\n`);
  }
}
