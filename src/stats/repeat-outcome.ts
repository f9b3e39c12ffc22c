import { ClawEvalError } from "../domain/errors.js";
import { requireCount } from "./require-count.js";

/** One unit repeated `runs` times, of which `passes` passed. */
export interface RepeatOutcome {
  runs: number;
  passes: number;
}

/**
 * Product over i < k of (top - i) / (runs - i), which is C(top, k) / C(runs, k) without large
 * binomials. `null` when k is not an integer in [1, runs] (the estimators need k ≤ runs).
 * Throws `ClawEvalError("invalid-input")` for invalid counts.
 */
export function binomialRatio(unit: RepeatOutcome, options: { top: number; k: number }): number | null {
  const { runs, passes } = unit;
  requireCount(runs, "runs");
  requireCount(passes, "passes");
  if (passes > runs) throw new ClawEvalError("invalid-input", `passes (${passes}) exceed runs (${runs})`);
  const { top, k } = options;
  if (!Number.isSafeInteger(k) || k < 1 || k > runs) return null;
  let ratio = 1;
  for (let i = 0; i < k && ratio > 0; i++) ratio *= Math.max(0, top - i) / (runs - i);
  return ratio;
}

/** Mean of the non-null values; `null` when there are none. */
export function meanOf(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value === null) continue;
    sum += value;
    count++;
  }
  return count === 0 ? null : sum / count;
}
