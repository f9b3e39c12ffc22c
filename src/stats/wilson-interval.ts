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
  /** Standard-normal quantile; default {@link WILSON_Z_95} (two-sided 95%). */
  z?: number;
}

/** The standard-normal quantile of a two-sided 95% interval, the default z. */
export const WILSON_Z_95 = 1.959963984540054;

/**
 * Wilson score interval for `successes` out of `n` trials, clamped to [0, 1].
 * Throws `ClawEvalError("invalid-input")` for non-integer or negative counts or `successes > n`.
 */
export function wilsonInterval(successes: number, n: number, options: WilsonOptions = {}): RateInterval {
  const { z = WILSON_Z_95 } = options;
  requireCount(successes, "successes");
  requireCount(n, "n");
  if (successes > n) throw new ClawEvalError("invalid-input", `successes (${successes}) exceed n (${n})`);
  if (n === 0) return { rate: null, low: null, high: null, n };
  const rate = successes / n;
  return { rate, ...wilsonBounds(rate, n, z), n };
}

/**
 * The Wilson score bounds of an observed `rate` over `n` > 0 trials, clamped to [0, 1]. `n` may
 * be fractional (an effective sample size). The bounds are exactly 0 / 1 at a rate of 0 / 1.
 */
export function wilsonBounds(rate: number, n: number, z: number): { low: number; high: number } {
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (rate + z2 / (2 * n)) / denominator;
  const halfWidth = (z * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n))) / denominator;
  // At a rate of 0 or 1 the exact bound is 0 or 1; floating point can miss it by an ulp.
  const low = rate === 0 ? 0 : Math.max(0, centre - halfWidth);
  const high = rate === 1 ? 1 : Math.min(1, centre + halfWidth);
  return { low, high };
}
