import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { comparePreservation } from "../../src/stats/compare-preservation.js";
import { signFlipTest } from "../../src/stats/sign-flip-test.js";

const unused = () => {
  throw new Error("the exact test must not draw random numbers");
};

describe("signFlipTest", () => {
  it("gives exact p-values counted by hand", () => {
    // ±1 ±2 ±3: sums 6 4 2 0 0 −2 −4 −6; |sum| ≥ 6 in 2 of 8.
    expect(signFlipTest({ differences: [1, 2, 3], random: unused })).toEqual({ pValue: 0.25, method: "exact", n: 3 });
    // ±1 ±1 ±2 with observed 1 − 1 + 2 = 2: sums 4 2 2 0 0 −2 −2 −4; |sum| ≥ 2 in 6 of 8.
    expect(signFlipTest({ differences: [1, -1, 2], random: unused }).pValue).toBe(0.75);
    // All six differences one way: 2 of 64 assignments are as extreme (the exact sign test).
    expect(signFlipTest({ differences: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], random: unused }).pValue).toBe(2 / 64);
  });

  it("drops ties at zero difference and gives 1 when nothing differs", () => {
    expect(signFlipTest({ differences: [0, 0, 0.5, 0.5], random: unused })).toEqual({
      pValue: 0.5,
      method: "exact",
      n: 2,
    });
    expect(signFlipTest({ differences: [0, 0], random: unused })).toEqual({ pValue: 1, method: "exact", n: 0 });
    expect(signFlipTest({ differences: [], random: unused }).pValue).toBe(1);
  });

  it("does not let floating-point rounding decide an equal sum", () => {
    // 0.1 + 0.2 − 0.3 is 5.6e-17 in floating point: every assignment is at least as extreme.
    expect(signFlipTest({ differences: [0.1, 0.2, -0.3], random: unused }).pValue).toBe(1);
    expect(signFlipTest({ differences: [0.3, 0.1, 0.2], random: unused }).pValue).toBe(0.25);
  });

  it("switches to a seeded Monte-Carlo test above 16 differences, close to the exact value", () => {
    const differences = [0.3, -0.1, 0.2, 0.25, 0.1, -0.05, 0.4, 0.15, 0.2, -0.2, 0.1, 0.3, 0.05, 0.1, -0.15, 0.2, 0.35];
    const exact = signFlipTest({ differences, random: unused, exactLimit: 17 });
    const monteCarlo = signFlipTest({ differences, random: createSeededRandom(11) });
    expect(exact.method).toBe("exact");
    expect(monteCarlo.method).toBe("monte-carlo");
    expect(monteCarlo.n).toBe(17);
    expect(Math.abs(monteCarlo.pValue - exact.pValue)).toBeLessThan(0.01);
    expect(signFlipTest({ differences, random: createSeededRandom(11) })).toEqual(monteCarlo);
  });

  it("never reports 0 from the Monte-Carlo test", () => {
    const differences = Array.from({ length: 20 }, () => 0.5);
    const { pValue, method } = signFlipTest({ differences, random: createSeededRandom(3) });
    expect(method).toBe("monte-carlo");
    expect(pValue).toBeGreaterThanOrEqual(1 / 10_001);
    expect(pValue).toBeLessThan(5 / 10_001);
  });

  it("rejects non-finite differences", () => {
    expect(() => signFlipTest({ differences: [Number.POSITIVE_INFINITY], random: unused })).toThrow(/finite/);
  });
});

describe("comparePreservation", () => {
  it("names the model with the higher mean only when significant", () => {
    const better = Array.from({ length: 6 }, () => ({ a: 1, b: 0.5 }));
    expect(comparePreservation({ a: "x", b: "y", pairs: better, random: unused })).toEqual({
      a: "x",
      b: "y",
      n: 6,
      meanDifference: 0.5,
      pValue: 2 / 64,
      method: "exact",
      verdict: "x better",
    });
    const worse = better.map((pair) => ({ a: pair.b, b: pair.a }));
    expect(comparePreservation({ a: "x", b: "y", pairs: worse, random: unused }).verdict).toBe("y better");
    const few = better.slice(0, 5);
    expect(comparePreservation({ a: "x", b: "y", pairs: few, random: unused })).toMatchObject({
      pValue: 2 / 32,
      verdict: "no significant difference",
    });
  });

  it("counts tied units in n but not in the test", () => {
    const pairs = [{ a: 0.5, b: 0.5 }, ...Array.from({ length: 6 }, () => ({ a: 1, b: 0.5 }))];
    const result = comparePreservation({ a: "x", b: "y", pairs, random: unused });
    expect(result.n).toBe(7);
    expect(result.pValue).toBe(2 / 64);
    expect(result.meanDifference).toBeCloseTo(3 / 7, 12);
    expect(comparePreservation({ a: "x", b: "y", pairs: [], random: unused })).toEqual({
      a: "x",
      b: "y",
      n: 0,
      meanDifference: null,
      pValue: 1,
      method: "exact",
      verdict: "no significant difference",
    });
  });
});
