import { describe, expect, it } from "vitest";
import type { UnitMemoryMeasures, UnitResult, UnitStatus } from "../../src/domain/index.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { wilsonInterval } from "../../src/stats/index.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

const options = (models: string[]) => ({ paths: ["scenarios"], models, concurrency: 1, bail: false });

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

function unitWith(model: string, scenarioId: string, memory?: UnitMemoryMeasures, status?: UnitStatus): UnitResult {
  return buildUnitResult({ model, scenarioId, ...(status ? { status } : {}) }, memory === undefined ? {} : { memory });
}

describe("memory measures in a comparison", () => {
  it("gives every model measures over its decided units once any compared unit has a memory record", () => {
    const units = [
      unitWith("a", "s1", { index: index(true), flush: flush(1, 0) }),
      unitWith("a", "s2", { index: index(false) }, "skipped"),
      unitWith("b", "s1"),
    ];
    const [a, b] = buildComparison(buildRunResult(units, { options: options(["a", "b"]) })).models;
    expect(a?.memory?.measures).toEqual({
      units: 1,
      citations: wilsonInterval(0, 0),
      index: wilsonInterval(1, 1),
      flush: wilsonInterval(0, 1),
    });
    expect(a?.memory?.units).toBe(0);
    expect(b?.memory?.measures?.units).toBe(0);
  });

  it("writes no measures when no decided unit has a memory record", () => {
    const units = [unitWith("a", "s1", { index: index(true) }, "interrupted"), unitWith("b", "s1")];
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    expect(comparison.models.some((entry) => "memory" in entry)).toBe(false);
  });
});
