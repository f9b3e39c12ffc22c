import type { CompactionPairComparison } from "../domain/comparison.js";
import { signFlipTest } from "./sign-flip-test.js";

/** One unit both models compacted: each model's mean identifier preservation rate there (0–1). */
export interface PairedRates {
  a: number;
  b: number;
}

export interface ComparePreservationOptions {
  /** Model id of the first model. */
  a: string;
  /** Model id of the second model. */
  b: string;
  /** One entry per unit both models compacted. */
  pairs: readonly PairedRates[];
  /** Uniform numbers in [0, 1) for the Monte-Carlo test (more than 16 differing units). */
  random: () => number;
  /** Significance level; default 0.05. A difference is called only when `pValue < alpha`. */
  alpha?: number;
}

/**
 * Paired comparison of two models' per-unit identifier preservation: a two-sided sign-flip test
 * ({@link signFlipTest}, exact up to 16 differing units, else 10 000 random flips) on `a − b`.
 * `verdict` names the model with the higher mean only when `pValue < alpha`. Pure.
 */
export function comparePreservation(options: ComparePreservationOptions): CompactionPairComparison {
  const { a, b, pairs, random, alpha = 0.05 } = options;
  const differences = pairs.map((pair) => pair.a - pair.b);
  const { pValue, method } = signFlipTest({ differences, random });
  const meanDifference =
    differences.length === 0 ? null : differences.reduce((sum, value) => sum + value, 0) / differences.length;
  const verdict =
    pValue < alpha && meanDifference !== null && meanDifference !== 0
      ? `${meanDifference > 0 ? a : b} better`
      : "no significant difference";
  return { a, b, n: pairs.length, meanDifference, pValue, method, verdict };
}
