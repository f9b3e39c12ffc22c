import { ClawEvalError } from "../domain/errors.js";

/**
 * Nearest-rank percentile: the smallest value with at least `p` percent of the values ≤ it
 * (rank ⌈p/100 · n⌉, at least 1), so the result is always an observed value. `p` is in [0, 100];
 * p = 0 gives the minimum. `null` for no values. Does not modify `values`.
 * Throws `ClawEvalError("invalid-input")` for `p` outside [0, 100] or a NaN value.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new ClawEvalError("invalid-input", `percentile must be in [0, 100], got ${p}`);
  if (values.some(Number.isNaN)) throw new ClawEvalError("invalid-input", "percentile values must not be NaN");
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[rank - 1] ?? null;
}
