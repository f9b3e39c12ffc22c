import { binomialRatio, meanOf, type RepeatOutcome } from "./repeat-outcome.js";

/**
 * Unbiased pass^k for one unit: C(passes, k) / C(runs, k), the chance that all of k repeats drawn
 * without replacement passed. `null` unless k is an integer in [1, runs].
 */
export function passHatK(unit: RepeatOutcome, k: number): number | null {
  return binomialRatio(unit, { top: unit.passes, k });
}

/** Mean pass^k over units; units with fewer than k runs are skipped; `null` when none remain. */
export function meanPassHatK(units: readonly RepeatOutcome[], k: number): number | null {
  return meanOf(units.map((unit) => passHatK(unit, k)));
}
