import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../src/domain/errors.js";
import { meanPassAtK, passAtK } from "../../src/stats/pass-at-k.js";
import { meanPassHatK, passHatK } from "../../src/stats/pass-hat-k.js";

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}

describe("passAtK and passHatK", () => {
  it("match the binomial formulas", () => {
    for (let runs = 1; runs <= 8; runs++) {
      for (let passes = 0; passes <= runs; passes++) {
        for (let k = 1; k <= runs; k++) {
          const unit = { runs, passes };
          expect(passAtK(unit, k)).toBeCloseTo(1 - choose(runs - passes, k) / choose(runs, k), 12);
          expect(passHatK(unit, k)).toBeCloseTo(choose(passes, k) / choose(runs, k), 12);
        }
      }
    }
  });

  it("gives known values for 2 passes in 5 runs", () => {
    expect(passAtK({ runs: 5, passes: 2 }, 1)).toBeCloseTo(0.4, 12);
    expect(passAtK({ runs: 5, passes: 2 }, 2)).toBeCloseTo(0.7, 12);
    expect(passAtK({ runs: 5, passes: 2 }, 4)).toBe(1);
    expect(passHatK({ runs: 5, passes: 2 }, 2)).toBeCloseTo(0.1, 12);
    expect(passHatK({ runs: 5, passes: 2 }, 3)).toBe(0);
  });

  it("returns null when k is not in [1, runs]", () => {
    expect(passAtK({ runs: 3, passes: 1 }, 4)).toBeNull();
    expect(passHatK({ runs: 3, passes: 1 }, 0)).toBeNull();
    expect(passHatK({ runs: 3, passes: 1 }, 1.5)).toBeNull();
  });

  it("rejects impossible counts", () => {
    expect(() => passAtK({ runs: 3, passes: 4 }, 1)).toThrow(ClawEvalError);
    expect(() => passHatK({ runs: -1, passes: 0 }, 1)).toThrow(ClawEvalError);
  });

  it("averages over units, skipping units with fewer than k runs", () => {
    const units = [
      { runs: 4, passes: 4 },
      { runs: 4, passes: 2 },
      { runs: 1, passes: 1 },
    ];
    expect(meanPassHatK(units, 2)).toBeCloseTo((1 + 1 / 6) / 2, 12);
    expect(meanPassAtK(units, 2)).toBeCloseTo((1 + 5 / 6) / 2, 12);
    expect(meanPassAtK(units, 1)).toBeCloseTo((1 + 0.5 + 1) / 3, 12);
    expect(meanPassAtK([], 1)).toBeNull();
    expect(meanPassHatK([{ runs: 1, passes: 1 }], 2)).toBeNull();
  });
});
