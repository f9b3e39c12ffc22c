import { describe, expect, it } from "vitest";
import type { UnitResult } from "../../src/domain/index.js";
import { createDotReporter, DOT_LINE_WIDTH } from "../../src/reporters/dot-reporter.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

function play(units: UnitResult[], color = false): string {
  const chunks: string[] = [];
  const reporter = createDotReporter({ write: (text) => chunks.push(text), color });
  const result = buildRunResult(units);
  reporter.onRunStart({ runId: result.runId, total: units.length });
  for (const [index, unit] of units.entries()) {
    reporter.onUnitEnd(unit, { done: index + 1, total: units.length, passed: 0, failed: 0, errored: 0 });
  }
  reporter.onRunEnd(result);
  return chunks.join("");
}

describe("createDotReporter", () => {
  it("prints one mark per unit, then the console summary", () => {
    const units = [
      buildUnitResult({ repeat: 0 }),
      buildUnitResult({ repeat: 1, status: "failed" }),
      buildUnitResult({ repeat: 2, status: "errored" }),
      buildUnitResult({ repeat: 3, status: "skipped" }),
      buildUnitResult({ repeat: 4, status: "interrupted" }),
    ];
    const output = play(units);
    expect(output.startsWith(".FESS\n\n┌")).toBe(true);
    expect(output).toContain("✗ api@scripted#r1 failed\n");
    expect(output.endsWith("1 passed, 1 failed, 1 errored, 1 interrupted, 1 skipped\n")).toBe(true);
  });

  it(`wraps the marks every ${DOT_LINE_WIDTH} units`, () => {
    const units = Array.from({ length: DOT_LINE_WIDTH * 2 + 3 }, (_, repeat) => buildUnitResult({ repeat }));
    const marks = play(units).split("\n\n")[0];
    expect(marks).toBe([".".repeat(DOT_LINE_WIDTH), ".".repeat(DOT_LINE_WIDTH), "..."].join("\n"));
  });

  it("colours the marks only when asked", () => {
    const units = [buildUnitResult(), buildUnitResult({ repeat: 1, status: "failed" })];
    expect(play(units)).not.toContain("\u001b[");
    expect(play(units, true).startsWith("\u001b[32m.\u001b[39m\u001b[31mF\u001b[39m\n")).toBe(true);
  });
});
