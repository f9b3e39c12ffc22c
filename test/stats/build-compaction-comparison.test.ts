import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { buildCompactionComparison } from "../../src/stats/build-compaction-comparison.js";
import { wilsonInterval } from "../../src/stats/wilson-interval.js";
import { buildAudit, lostIdentifier, PASSING_STRUCTURE } from "../runner/compaction-results.js";

describe("buildCompactionComparison", () => {
  it("averages per-unit means, so each unit weighs once however often it compacted", () => {
    const units = [
      [buildAudit({ before: 4, kept: 4 }), buildAudit({ before: 4, kept: 2 })],
      [buildAudit({ before: 2, kept: 1 }, { reductionRatio: 0.5 })],
      [],
    ];
    const result = buildCompactionComparison({ units, random: createSeededRandom(1) });
    expect(result.units).toBe(2);
    expect(result.compactions).toBe(3);
    // Unit means 0.75 and 0.5: 0.625, not the pooled 7/10 or the mean of compactions 2/3.
    expect(result.preservation.mean).toBeCloseTo(0.625, 12);
    expect(result.preservation.n).toBe(2);
    expect(result.reduction.mean).toBeCloseTo((0.8 + 0.5) / 2, 12);
    expect(result.lostByClass.quoted).toBe(3);
  });

  it("leaves compactions without identifiers out of preservation but not out of the counts", () => {
    const units = [[buildAudit({ before: 0, kept: 0 })], [buildAudit({ before: 5, kept: 4 })]];
    const result = buildCompactionComparison({ units, random: createSeededRandom(1) });
    expect(result.units).toBe(2);
    expect(result.preservation).toEqual({ mean: 0.8, low: 0.8, high: 0.8, n: 1 });
    expect(result.reduction.n).toBe(2);
  });

  it("rates the structural checks over compactions with a Wilson interval", () => {
    const failing = { ...PASSING_STRUCTURE, headings: false };
    const units = [
      [buildAudit({ before: 1, kept: 1 }), buildAudit({ before: 1, kept: 1 }, { structure: failing })],
      [buildAudit({ before: 1, kept: 0 }, { lost: [lostIdentifier("url", "https://a.example")] })],
    ];
    const result = buildCompactionComparison({ units, random: createSeededRandom(1) });
    expect(result.structure).toEqual(wilsonInterval(2, 3));
    expect(result.lostByClass.url).toBe(1);
  });

  it("is empty without compactions", () => {
    expect(buildCompactionComparison({ units: [[], []], random: createSeededRandom(1) })).toMatchObject({
      units: 0,
      compactions: 0,
      preservation: { mean: null, low: null, high: null, n: 0 },
      reduction: { mean: null, n: 0 },
      structure: { rate: null, n: 0 },
    });
  });
});
