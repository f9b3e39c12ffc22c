import { binomialRatio, meanOf, type RepeatOutcome } from "./repeat-outcome.js";

/**
 * Unbiased pass@k for one unit: 1 − C(runs − passes, k) / C(runs, k), the chance that at least
 * one of k repeats drawn without replacement passed. `null` unless k is an integer in [1, runs].
 */
export function passAtK(unit: RepeatOutcome, k: number): number | null {
  const allFail = binomialRatio(unit, { top: unit.runs - unit.passes, k });
  return allFail === null ? null : 1 - allFail;
}

/** Mean pass@k over units; units with fewer than k runs are skipped; `null` when none remain. */
export function meanPassAtK(units: readonly RepeatOutcome[], k: number): number | null {
  return meanOf(units.map((unit) => passAtK(unit, k)));
}
