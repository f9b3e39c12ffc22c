import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../src/domain/errors.js";
import { clusteredMcNemar } from "../../src/stats/clustered-mcnemar.js";
import { compareModels, type PairedOutcome } from "../../src/stats/compare-models.js";
import { exactMcNemar } from "../../src/stats/exact-mcnemar.js";
import { assertProperty } from "../support/assert-property.js";

/** Share of the 2^K sign assignments whose |sum| reaches the observed |sum|, by enumeration. */
function enumerated(differences: readonly number[]): number {
  const observed = Math.abs(differences.reduce((sum, value) => sum + value, 0));
  let extreme = 0;
  for (let mask = 0; mask < 2 ** differences.length; mask++) {
    let sum = 0;
    differences.forEach((value, index) => {
      sum += mask & (1 << index) ? -value : value;
    });
    if (Math.abs(sum) >= observed) extreme++;
  }
  return extreme / 2 ** differences.length;
}

/** `repeats` units of each of `scenarios` scenario cases, every repeat of a case alike. */
function repeatedPairs(outcomes: readonly [boolean, boolean][], repeats: number): PairedOutcome[] {
  return outcomes.flatMap(([aPass, bPass], scenario) =>
    Array.from({ length: repeats }, () => ({ aPass, bPass, cluster: `s${scenario}` })),
  );
}

describe("clusteredMcNemar", () => {
  it("is the exact McNemar test when every cluster differs by at most one", () => {
    expect(clusteredMcNemar([1, 1, 1, 1, 1, 1, 0, 0])).toBe(exactMcNemar(6, 0));
    expect(clusteredMcNemar([1, -1, 1, 0, 1])).toBe(exactMcNemar(3, 1));
    expect(clusteredMcNemar([])).toBe(1);
    expect(clusteredMcNemar([0, 0])).toBe(1);
  });

  it("gives exact permutation p-values counted by hand", () => {
    // ±2 ±2 ±2: |sum| = 6 in 2 of 8 assignments.
    expect(clusteredMcNemar([2, 2, 2])).toBeCloseTo(0.25, 15);
    // ±3 ±1 with observed 4: sums 4 2 −2 −4, |sum| ≥ 4 in 2 of 4.
    expect(clusteredMcNemar([3, 1])).toBeCloseTo(0.5, 15);
    // Observed 0: every assignment is as extreme.
    expect(clusteredMcNemar([2, -2])).toBe(1);
  });

  it("matches enumeration of every sign assignment", () => {
    assertProperty(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 11 }), (differences) => {
        expect(clusteredMcNemar(differences)).toBeCloseTo(enumerated(differences.filter((value) => value !== 0)), 12);
      }),
    );
  });

  it("rejects non-integer differences", () => {
    expect(() => clusteredMcNemar([1.5])).toThrow(ClawEvalError);
  });
});

describe("compareModels on clustered pairs", () => {
  it("equals the unclustered test when every scenario case has one pair", () => {
    const outcomes: [boolean, boolean][] = [
      [true, false],
      [true, false],
      [true, true],
      [false, true],
      [true, false],
      [true, false],
      [true, false],
      [true, false],
    ];
    const clustered = compareModels({ a: "x", b: "y", pairs: repeatedPairs(outcomes, 1) });
    const plain = compareModels({ a: "x", b: "y", pairs: outcomes.map(([aPass, bPass]) => ({ aPass, bPass })) });
    expect(clustered).toEqual(plain);
    expect(clustered.pValue).toBe(exactMcNemar(6, 1));
    expect(clustered.clusters).toBe(8);
  });

  it("does not count identical repeats of one scenario as independent evidence", () => {
    // Five scenarios, four identical repeats each, x always passes and y always fails.
    const pairs = repeatedPairs(
      Array.from({ length: 5 }, (): [boolean, boolean] => [true, false]),
      4,
    );
    const naive = compareModels({ a: "x", b: "y", pairs: pairs.map(({ aPass, bPass }) => ({ aPass, bPass })) });
    expect(naive.pValue).toBe(exactMcNemar(20, 0));
    expect(naive.verdict).toBe("x better");
    const clustered = compareModels({ a: "x", b: "y", pairs });
    // The same evidence as five single units: p = 2 · (1/2)^5.
    expect(clustered).toEqual({ a: "x", b: "y", pValue: 0.0625, verdict: "no significant difference", clusters: 5 });
  });

  it("names the model ahead over all clusters", () => {
    const pairs = [
      ...repeatedPairs(
        Array.from({ length: 7 }, (): [boolean, boolean] => [false, true]),
        3,
      ),
      { aPass: true, bPass: false, cluster: "s0" },
    ];
    const result = compareModels({ a: "x", b: "y", pairs });
    expect(result.verdict).toBe("y better");
    expect(result.clusters).toBe(7);
    expect(result.pValue).toBeCloseTo(enumerated([2, 3, 3, 3, 3, 3, 3]), 12);
  });
});
