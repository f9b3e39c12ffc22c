import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRatio, formatRatioTarget } from "../../bench/format-ratio.js";
import { assertProperty } from "../support/assert-property.js";

describe("formatRatio", () => {
  it("words a smaller time as faster and a larger one as slower, with a factor of at least 1", () => {
    expect(formatRatio({ measured: 100, reference: 230, than: "classic OpenClaw" })).toBe(
      "2.30x faster than classic OpenClaw",
    );
    expect(formatRatio({ measured: 140, reference: 100, than: "the floor" })).toBe("1.40x slower than the floor");
    // The reading the old output got wrong: 0.7 of the reference is faster, said as a factor above 1.
    expect(formatRatio({ measured: 70, reference: 100, than: "the target" })).toBe("1.43x faster than the target");
  });

  it("says 'as fast as' when the factor rounds to 1, and uses fewer decimals for large factors", () => {
    expect(formatRatio({ measured: 1000, reference: 1001, than: "the floor" })).toBe("as fast as the floor");
    expect(formatRatio({ measured: 10, reference: 253, than: "X" })).toBe("25.3x faster than X");
    expect(formatRatio({ measured: 1234, reference: 2, than: "X" })).toBe("617x slower than X");
  });

  it("words sizes as larger or smaller", () => {
    expect(formatRatio({ measured: 150, reference: 120, than: "the small run's peak", kind: "size" })).toBe(
      "1.25x larger than the small run's peak",
    );
    expect(formatRatio({ measured: 60, reference: 120, than: "before", kind: "size" })).toBe(
      "2.00x smaller than before",
    );
    expect(formatRatio({ measured: 120, reference: 120, than: "before", kind: "size" })).toBe(
      "the same size as before",
    );
  });

  it("says a zero or missing figure cannot be compared instead of printing Infinity or NaN", () => {
    expect(formatRatio({ measured: 0, reference: 5, than: "the floor" })).toBe(
      "not comparable with the floor (0 against 5)",
    );
    expect(formatRatio({ measured: Number.NaN, reference: 5, than: "the floor" })).toMatch(/^not comparable/);
  });

  it("never prints a factor below 1, and swapping the figures swaps faster and slower", () => {
    const figure = fc.double({ min: 0.001, max: 1e6, noNaN: true });
    assertProperty(
      fc.property(figure, figure, (a, b) => {
        const forward = formatRatio({ measured: a, reference: b, than: "B" });
        const backward = formatRatio({ measured: b, reference: a, than: "B" });
        const factor = /^([\d.]+)x (faster|slower) than B$/.exec(forward);
        if (factor === null) return forward === "as fast as B" && backward === "as fast as B";
        expect(Number(factor[1])).toBeGreaterThanOrEqual(1);
        const swapped = factor[2] === "faster" ? "slower" : "faster";
        return backward === `${factor[1]}x ${swapped} than B`;
      }),
    );
  });
});

describe("formatRatioTarget", () => {
  it("states a target in the same words as the measured ratio", () => {
    expect(formatRatioTarget({ factor: 2.5, side: "above", than: "the floor" })).toBe(
      "at most 2.5x slower than the floor",
    );
    expect(formatRatioTarget({ factor: 5, side: "below", than: "classic OpenClaw" })).toBe(
      "at least 5x faster than classic OpenClaw",
    );
    expect(formatRatioTarget({ factor: 1.5, side: "above", than: "the small run", kind: "size" })).toBe(
      "at most 1.5x larger than the small run",
    );
  });
});
