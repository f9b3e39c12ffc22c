import { ClawEvalError } from "../domain/errors.js";
import { requireCount } from "./require-count.js";

/** A pass rate with its confidence bounds; all three are `null` when `n` is 0. Values lie in [0, 1]. */
export interface RateInterval {
  rate: number | null;
  low: number | null;
  high: number | null;
  /** Number of trials the rate is over. */
  n: number;
}

export interface WilsonOptions {
  /** Standard-normal quantile; default 1.959963984540054 (two-sided 95%). */
  z?: number;
}

/**
 * Wilson score interval for `successes` out of `n` trials, clamped to [0, 1].
 * Throws `ClawEvalError("invalid-input")` for non-integer or negative counts or `successes > n`.
 */
export function wilsonInterval(successes: number, n: number, options: WilsonOptions = {}): RateInterval {
  const { z = 1.959963984540054 } = options;
  requireCount(successes, "successes");
  requireCount(n, "n");
  if (successes > n) throw new ClawEvalError("invalid-input", `successes (${successes}) exceed n (${n})`);
  if (n === 0) return { rate: null, low: null, high: null, n };
  const rate = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (rate + z2 / (2 * n)) / denominator;
  const halfWidth = (z * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n))) / denominator;
  // At 0 or n successes the exact bound is 0 or 1; floating point can miss it by an ulp.
  const low = successes === 0 ? 0 : Math.max(0, centre - halfWidth);
  const high = successes === n ? 1 : Math.min(1, centre + halfWidth);
  return { rate, low, high, n };
}
