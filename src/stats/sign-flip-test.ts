import { ClawEvalError } from "../domain/errors.js";
import { requireCount } from "./require-count.js";

export interface SignFlipTestOptions {
  /** Paired differences (first minus second). Zeros are ties and are dropped. */
  differences: readonly number[];
  /** Uniform numbers in [0, 1); used only for the Monte-Carlo test. */
  random: () => number;
  /** Most non-zero differences tested exactly, over every sign assignment; default 16. */
  exactLimit?: number;
  /** Random sign assignments of the Monte-Carlo test; default 10 000. */
  resamples?: number;
}

export interface SignFlipResult {
  /** Two-sided p-value in (0, 1]; 1 when no difference is non-zero. */
  pValue: number;
  method: "exact" | "monte-carlo";
  /** Non-zero differences the test is over. */
  n: number;
}

function sumOf(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}

/** Share of the 2^n sign assignments whose |sum| reaches `threshold`. */
function exactShare(magnitudes: readonly number[], threshold: number): number {
  const assignments = 2 ** magnitudes.length;
  let extreme = 0;
  for (let mask = 0; mask < assignments; mask++) {
    let sum = 0;
    for (let index = 0; index < magnitudes.length; index++) {
      const magnitude = magnitudes[index] ?? 0;
      sum += mask & (1 << index) ? -magnitude : magnitude;
    }
    if (Math.abs(sum) >= threshold) extreme++;
  }
  return extreme / assignments;
}

/**
 * Two-sided paired sign-flip permutation test: under "no difference" each difference is as
 * likely negative as positive, so the p-value is the share of sign assignments whose |sum| is at
 * least the observed |sum|. With at most `exactLimit` non-zero differences every assignment is
 * counted (exact); above it `resamples` random assignments are drawn and p = (1 + hits) /
 * (1 + resamples), which never reports 0. Sums within 1e-9 (relative) of the observed one count
 * as equal, so floating-point rounding does not decide ties. Pure; deterministic for a given
 * `random`. Throws `ClawEvalError("invalid-input")` for a non-finite difference or invalid counts.
 */
export function signFlipTest(options: SignFlipTestOptions): SignFlipResult {
  const { random, exactLimit = 16, resamples = 10_000 } = options;
  requireCount(exactLimit, "exactLimit");
  requireCount(resamples, "resamples");
  if (exactLimit > 24) throw new ClawEvalError("invalid-input", `exactLimit must be at most 24, got ${exactLimit}`);
  if (options.differences.some((value) => !Number.isFinite(value))) {
    throw new ClawEvalError("invalid-input", "differences must be finite numbers");
  }
  const magnitudes = options.differences.filter((value) => value !== 0).map(Math.abs);
  const n = magnitudes.length;
  const method = n <= exactLimit ? "exact" : "monte-carlo";
  if (n === 0) return { pValue: 1, method, n };
  const observed = Math.abs(sumOf(options.differences.filter((value) => value !== 0)));
  const threshold = observed - 1e-9 * sumOf(magnitudes);
  if (method === "exact") return { pValue: exactShare(magnitudes, threshold), method, n };
  if (resamples === 0) throw new ClawEvalError("invalid-input", "resamples must be at least 1");
  let hits = 0;
  for (let resample = 0; resample < resamples; resample++) {
    let sum = 0;
    for (const magnitude of magnitudes) sum += random() < 0.5 ? -magnitude : magnitude;
    if (Math.abs(sum) >= threshold) hits++;
  }
  return { pValue: (1 + hits) / (1 + resamples), method, n };
}
