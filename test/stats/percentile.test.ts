import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../src/domain/errors.js";
import { percentile } from "../../src/stats/percentile.js";

describe("percentile (nearest rank)", () => {
  const oneToTwenty = Array.from({ length: 20 }, (_, index) => 20 - index);

  it("returns an observed value at rank ceil(p/100 · n)", () => {
    expect(percentile(oneToTwenty, 50)).toBe(10);
    expect(percentile(oneToTwenty, 95)).toBe(19);
    expect(percentile(oneToTwenty, 100)).toBe(20);
    expect(percentile(oneToTwenty, 0)).toBe(1);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 70)).toBe(7);
    expect(percentile([250, 100, 400], 50)).toBe(250);
    expect(percentile([42], 95)).toBe(42);
  });

  it("returns null for no values and leaves the input unsorted", () => {
    expect(percentile([], 50)).toBeNull();
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it("rejects p outside [0, 100] and NaN values", () => {
    expect(() => percentile([1], 101)).toThrow(ClawEvalError);
    expect(() => percentile([1], Number.NaN)).toThrow(ClawEvalError);
    expect(() => percentile([1, Number.NaN], 50)).toThrow(ClawEvalError);
  });
});
