import { ClawEvalError } from "../domain/errors.js";
import { exactMcNemar } from "./exact-mcnemar.js";

/**
 * Two-sided exact test of paired pass/fail outcomes grouped in clusters (the repeats of one
 * scenario case). `differences` holds one integer per cluster: the cluster's units the first
 * model alone passed minus those the second model alone passed. Under the null hypothesis the
 * two models' labels are exchangeable within a cluster, so each cluster's difference is as
 * likely to carry either sign; the p-value is the share of the 2^K sign assignments whose
 * |sum| reaches the observed |sum| (a cluster-level sign-flip permutation test, in the spirit
 * of Durkalski et al., 2003). Clusters with difference 0 drop out; 1 when none is left.
 *
 * When every difference is −1, 0 or 1 (one unit per cluster, or clusters whose units agree but
 * for one) this is exactly {@link exactMcNemar} on the clusters, which it then calls. Otherwise
 * the permutation distribution is computed exactly by convolution over the integer sums, in
 * O(K · Σ|d|) steps; probabilities below ~1e-308 underflow to 0. Pure; throws
 * `ClawEvalError("invalid-input")` for a non-integer difference.
 */
export function clusteredMcNemar(differences: readonly number[]): number {
  if (differences.some((difference) => !Number.isSafeInteger(difference))) {
    throw new ClawEvalError("invalid-input", "cluster differences must be integers");
  }
  const magnitudes = differences.filter((difference) => difference !== 0).map(Math.abs);
  if (magnitudes.every((magnitude) => magnitude === 1)) {
    const firstWins = differences.filter((difference) => difference > 0).length;
    const secondWins = differences.filter((difference) => difference < 0).length;
    return exactMcNemar(firstWins, secondWins);
  }
  let observed = 0;
  let total = 0;
  for (const difference of differences) {
    observed += difference;
    total += Math.abs(difference);
  }
  if (observed === 0) return 1;
  // probabilities[total + s] = P(sum of the signed magnitudes so far = s).
  let probabilities = new Float64Array(2 * total + 1);
  probabilities[total] = 1;
  let reach = 0;
  for (const magnitude of magnitudes) {
    const next = new Float64Array(2 * total + 1);
    for (let sum = -reach; sum <= reach; sum++) {
      const probability = (probabilities[total + sum] ?? 0) / 2;
      if (probability === 0) continue;
      next[total + sum + magnitude] = (next[total + sum + magnitude] ?? 0) + probability;
      next[total + sum - magnitude] = (next[total + sum - magnitude] ?? 0) + probability;
    }
    probabilities = next;
    reach += magnitude;
  }
  const threshold = Math.abs(observed);
  let pValue = 0;
  for (let sum = threshold; sum <= total; sum++) {
    pValue += (probabilities[total + sum] ?? 0) + (probabilities[total - sum] ?? 0);
  }
  return Math.min(1, pValue);
}
