import { describe, expect, it } from "vitest";
import type { UnitResult } from "../../src/domain/index.js";
import { renderJsonReport } from "../../src/reporters/render-json-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { mergeRunResults } from "../../src/runner/merge-results.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";
import { buildAudit, compactedUnit } from "./compaction-results.js";

const options = (models: string[]) => ({ paths: ["scenarios"], models, concurrency: 1, bail: false });

/** Model `a` keeps every identifier, `b` half of them, on scenarios s0..s(count − 1). */
function pairedUnits(count: number): UnitResult[] {
  return Array.from({ length: count }, (_, index) => [
    compactedUnit({ model: "a", scenarioId: `s${index}` }, [buildAudit({ before: 4, kept: 4 })]),
    compactedUnit({ model: "b", scenarioId: `s${index}` }, [buildAudit({ before: 4, kept: 2 })]),
  ]).flat();
}

describe("buildComparison: compaction category", () => {
  it("writes no compaction fields when no unit compacted", () => {
    const units = [buildUnitResult({ model: "a" }), buildUnitResult({ model: "b" })];
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    expect(comparison).not.toHaveProperty("compactionPairs");
    expect(comparison.models.some((entry) => "compaction" in entry)).toBe(false);
  });

  it("gives every model an entry once any unit compacted, counting each unit once", () => {
    const units = [
      compactedUnit({ model: "a", scenarioId: "s1" }, [
        buildAudit({ before: 4, kept: 4 }),
        buildAudit({ before: 4, kept: 2 }),
        buildAudit({ before: 2, kept: 1 }),
      ]),
      compactedUnit({ model: "a", scenarioId: "s2" }, [buildAudit({ before: 5, kept: 5 })]),
      compactedUnit({ model: "a", scenarioId: "s3", status: "skipped" }, [buildAudit({ before: 5, kept: 0 })]),
      buildUnitResult({ model: "b", scenarioId: "s1" }),
    ];
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    const [a, b] = comparison.models;
    expect(a?.compaction?.units).toBe(2);
    expect(a?.compaction?.compactions).toBe(4);
    // Unit s1: mean of 1, 0.5, 0.5 = 2/3; unit s2: 1. The skipped unit counts nowhere.
    expect(a?.compaction?.preservation.mean).toBeCloseTo((2 / 3 + 1) / 2, 12);
    expect(a?.compaction?.preservation.n).toBe(2);
    expect(b?.compaction).toMatchObject({ units: 0, compactions: 0, preservation: { mean: null, n: 0 } });
    expect(comparison.compactionPairs).toEqual([
      {
        a: "a",
        b: "b",
        n: 0,
        meanDifference: null,
        pValue: 1,
        method: "exact",
        verdict: "no significant difference",
      },
    ]);
  });

  it("tests per-unit preservation of each pair on the units both compacted (exact sign flip)", () => {
    const units = pairedUnits(6);
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    expect(comparison.compactionPairs).toEqual([
      { a: "a", b: "b", n: 6, meanDifference: 0.5, pValue: 2 / 64, method: "exact", verdict: "a better" },
    ]);
    const five = buildComparison(buildRunResult(pairedUnits(5), { options: options(["b", "a"]) }));
    expect(five.compactionPairs?.[0]).toMatchObject({ a: "b", b: "a", n: 5, pValue: 2 / 32 });
    expect(five.compactionPairs?.[0]?.verdict).toBe("no significant difference");
  });

  it("gives the same bytes for the same results, with seeds derived from the model ids", () => {
    const units = pairedUnits(20).map((unit, index) =>
      compactedUnit({ model: unit.model, scenarioId: unit.scenarioId }, [
        buildAudit({ before: 10, kept: unit.model === "a" ? 6 + ((index >> 1) % 4) : 4 + ((index >> 1) % 3) }),
      ]),
    );
    const run = buildRunResult(units, { options: options(["a", "b"]) });
    const first = buildComparison(run);
    expect(JSON.stringify(buildComparison(run))).toBe(JSON.stringify(first));
    expect(first.compactionPairs?.[0]?.method).toBe("monte-carlo");
    const { mean, low, high } = first.models[0]?.compaction?.preservation ?? {};
    expect(low).toBeLessThan(mean ?? 0);
    expect(high).toBeGreaterThan(mean ?? 1);
    const reordered = buildComparison(buildRunResult(units, { options: options(["b", "a"]) }));
    expect(reordered.models[1]?.compaction).toEqual(first.models[0]?.compaction);
  });

  it("merge recomputes the compaction category over the shards' units", () => {
    const units = pairedUnits(6);
    const shard = (part: UnitResult[], runId: string) => {
      const run = buildRunResult(part, { runId, options: options(["a", "b"]) });
      return { ...run, comparison: buildComparison(run) };
    };
    const merged = mergeRunResults([shard(units.slice(0, 6), "s-1"), shard(units.slice(6), "s-2")], {
      runId: "merged",
      now: 0,
    });
    const whole = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    expect(merged.comparison?.compactionPairs).toEqual(whole.compactionPairs);
    expect(merged.comparison?.models.map((entry) => entry.compaction)).toEqual(
      whole.models.map((entry) => entry.compaction),
    );
    expect(renderJsonReport(merged)).toContain('"compactionPairs"');
  });
});
