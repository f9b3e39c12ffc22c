import { describe, expect, it } from "vitest";
import { compareModels } from "../../src/stats/compare-models.js";
import { exactMcNemar } from "../../src/stats/exact-mcnemar.js";

/** 2 · P[X ≤ min(b, c)] for X ~ Binomial(b + c, 0.5), in exact integer arithmetic. */
function referencePValue(b: number, c: number): number {
  const n = BigInt(b + c);
  let term = 1n;
  let sum = 0n;
  for (let k = 0n; k <= BigInt(Math.min(b, c)); k++) {
    sum += term;
    term = (term * (n - k)) / (k + 1n);
  }
  const scale = 10n ** 60n;
  return Math.min(1, Number((2n * sum * scale) / 2n ** n) / 1e60);
}

function pairs(counts: { both: number; onlyA: number; onlyB: number; neither: number }) {
  return [
    ...Array.from({ length: counts.both }, () => ({ aPass: true, bPass: true })),
    ...Array.from({ length: counts.onlyA }, () => ({ aPass: true, bPass: false })),
    ...Array.from({ length: counts.onlyB }, () => ({ aPass: false, bPass: true })),
    ...Array.from({ length: counts.neither }, () => ({ aPass: false, bPass: false })),
  ];
}

describe("exactMcNemar", () => {
  it("gives the known small-sample values", () => {
    expect(exactMcNemar(0, 6)).toBeCloseTo(0.03125, 12);
    expect(exactMcNemar(1, 9)).toBeCloseTo(22 / 1024, 12);
    expect(exactMcNemar(3, 3)).toBe(1);
    expect(exactMcNemar(0, 0)).toBe(1);
    expect(exactMcNemar(0, 1)).toBe(1);
  });

  it("is symmetric in b and c", () => {
    expect(exactMcNemar(4, 17)).toBe(exactMcNemar(17, 4));
  });

  it.each([
    [40, 60],
    [1000, 1200],
    [2900, 3100],
    [100, 400],
  ])("stays accurate for b = %i, c = %i", (b, c) => {
    const expected = referencePValue(b, c);
    expect(Math.abs(exactMcNemar(b, c) / expected - 1)).toBeLessThan(1e-9);
  });

  it("underflows to 0, not NaN, for overwhelming differences", () => {
    expect(exactMcNemar(10, 3000)).toBe(0);
  });
});

describe("compareModels", () => {
  it("names the model with more discordant wins when significant", () => {
    const result = compareModels({ a: "m-a", b: "m-b", pairs: pairs({ both: 10, onlyA: 0, onlyB: 6, neither: 4 }) });
    expect(result).toEqual({ a: "m-a", b: "m-b", pValue: exactMcNemar(0, 6), verdict: "m-b better", clusters: 20 });
    const flipped = compareModels({ a: "m-a", b: "m-b", pairs: pairs({ both: 0, onlyA: 6, onlyB: 0, neither: 0 }) });
    expect(flipped.verdict).toBe("m-a better");
  });

  it("calls no difference at or above alpha", () => {
    const tied = compareModels({ a: "x", b: "y", pairs: pairs({ both: 5, onlyA: 3, onlyB: 3, neither: 1 }) });
    expect(tied).toEqual({ a: "x", b: "y", pValue: 1, verdict: "no significant difference", clusters: 12 });
    const strict = compareModels({
      a: "x",
      b: "y",
      pairs: pairs({ both: 0, onlyA: 0, onlyB: 6, neither: 0 }),
      alpha: 0.01,
    });
    expect(strict.verdict).toBe("no significant difference");
  });

  it("treats no pairs as no difference", () => {
    expect(compareModels({ a: "x", b: "y", pairs: [] })).toEqual({
      a: "x",
      b: "y",
      pValue: 1,
      verdict: "no significant difference",
      clusters: 0,
    });
  });
});
