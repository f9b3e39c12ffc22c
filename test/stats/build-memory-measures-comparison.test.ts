import { describe, expect, it } from "vitest";
import type { UnitMemoryMeasures } from "../../src/domain/index.js";
import { buildMemoryMeasuresComparison } from "../../src/stats/build-memory-comparison.js";
import { wilsonInterval } from "../../src/stats/index.js";

function flush(turns: number, compliant: number): NonNullable<UnitMemoryMeasures["flush"]> {
  return {
    turns,
    compliant,
    onlyTarget: turns,
    prefixKept: turns,
    silent: compliant,
    firstInCycle: turns,
    flushes: [],
  };
}

function index(ok: boolean): NonNullable<UnitMemoryMeasures["index"]> {
  const problems = ok ? [] : [{ kind: "stale-file" as const, path: "memory/a.md", message: "memory/a.md: stale" }];
  return { ok, files: 3, chunks: 3, problems };
}

describe("buildMemoryMeasuresComparison", () => {
  it("rate valid citations per citation, consistent indexes per audited unit and compliant flushes per flush run", () => {
    const measures = buildMemoryMeasuresComparison([
      { citations: { checked: 4, valid: 3, invalid: [] }, index: index(true) },
      { citations: { checked: 2, valid: 2, invalid: [] }, index: index(false), flush: flush(2, 1) },
      { flush: flush(1, 1) },
    ]);
    expect(measures).toEqual({
      units: 3,
      citations: wilsonInterval(5, 6),
      index: wilsonInterval(1, 2),
      flush: wilsonInterval(2, 3),
    });
    const none = { rate: null, low: null, high: null, n: 0 };
    expect(buildMemoryMeasuresComparison([])).toEqual({ units: 0, citations: none, index: none, flush: none });
  });
});
