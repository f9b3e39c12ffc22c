import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../src/domain/errors.js";
import { wilsonInterval } from "../../src/stats/wilson-interval.js";

describe("wilsonInterval", () => {
  it("matches known 95% bounds for 8 of 10", () => {
    const interval = wilsonInterval(8, 10);
    expect(interval.rate).toBe(0.8);
    expect(interval.n).toBe(10);
    expect(interval.low).toBeCloseTo(0.4902, 4);
    expect(interval.high).toBeCloseTo(0.9433, 4);
  });

  it("pins the bounds at 0 and 1 for all-fail and all-pass", () => {
    const none = wilsonInterval(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilsonInterval(10, 10);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBe(1);
  });

  it("returns null rate and bounds when n is 0", () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: null, low: null, high: null, n: 0 });
  });

  it("narrows with a smaller z", () => {
    const wide = wilsonInterval(30, 50);
    const narrow = wilsonInterval(30, 50, { z: 1 });
    expect(narrow.low!).toBeGreaterThan(wide.low!);
    expect(narrow.high!).toBeLessThan(wide.high!);
  });

  it("rejects impossible counts", () => {
    expect(() => wilsonInterval(11, 10)).toThrow(ClawEvalError);
    expect(() => wilsonInterval(-1, 10)).toThrow(ClawEvalError);
    expect(() => wilsonInterval(1.5, 10)).toThrow(ClawEvalError);
  });
});
