import { ClawEvalError } from "../domain/errors.js";
import { requireCount } from "./require-count.js";
import { type RateInterval, WILSON_Z_95, type WilsonOptions, wilsonBounds } from "./wilson-interval.js";

/** The observations of one cluster (one scenario case): `successes` of `n`. */
export interface ClusterCount {
  successes: number;
  n: number;
}

export interface ClusteredWilsonOptions extends WilsonOptions {
  /** One entry per cluster; clusters with `n` 0 are left out. */
  clusters: readonly ClusterCount[];
}

/** A {@link RateInterval} over clustered observations. */
export interface ClusteredRateInterval extends RateInterval {
  /** Clusters with at least one observation. */
  clusters: number;
  /** The design effect the interval used (≥ 1); `null` when `n` is 0. `n / designEffect` is the effective sample size. */
  designEffect: number | null;
}

/**
 * Wilson interval for a rate whose observations come in clusters (the turns, heartbeats or
 * repeats of one scenario case), widened by a design effect (Kish) so correlated observations
 * of one cluster do not count as independent ones. `rate` is all successes over all
 * observations and `n` the number of observations, as for {@link wilsonInterval}; the bounds are
 * Wilson's at the effective sample size `n / designEffect` (the effective-sample-size method of
 * Korn and Graubard, 1998).
 *
 * The design effect is the cluster-robust (linearisation) variance of the ratio estimator,
 * `Σ (sᵢ − p·nᵢ)² / n²`, over the binomial variance `p(1 − p) / n`, kept within
 * `[1, Σ nᵢ² / n]`: never narrower than independent observations, never wider than perfectly
 * correlated clusters (each cluster then counts as about one observation). When the data cannot
 * show the correlation (fewer than two clusters, or every observation a success, or every one a
 * failure), it is the upper limit `Σ nᵢ² / n`. So with one observation per cluster the result is
 * exactly `wilsonInterval(successes, n)`. Pure. Throws `ClawEvalError("invalid-input")` for
 * invalid counts.
 */
export function clusteredWilsonInterval(options: ClusteredWilsonOptions): ClusteredRateInterval {
  const { z = WILSON_Z_95 } = options;
  for (const cluster of options.clusters) {
    requireCount(cluster.successes, "successes");
    requireCount(cluster.n, "n");
    if (cluster.successes > cluster.n) {
      throw new ClawEvalError("invalid-input", `successes (${cluster.successes}) exceed n (${cluster.n})`);
    }
  }
  const clusters = options.clusters.filter((cluster) => cluster.n > 0);
  let n = 0;
  let successes = 0;
  let squaredSizes = 0;
  for (const cluster of clusters) {
    n += cluster.n;
    successes += cluster.successes;
    squaredSizes += cluster.n * cluster.n;
  }
  if (n === 0) return { rate: null, low: null, high: null, n, clusters: 0, designEffect: null };
  const rate = successes / n;
  const designEffect = estimateDesignEffect({ clusters, rate, n, upper: squaredSizes / n });
  return { rate, ...wilsonBounds(rate, n / designEffect, z), n, clusters: clusters.length, designEffect };
}

function estimateDesignEffect(options: {
  clusters: readonly ClusterCount[];
  rate: number;
  n: number;
  upper: number;
}): number {
  const { clusters, rate, n, upper } = options;
  if (clusters.length < 2 || rate === 0 || rate === 1) return upper;
  let residuals = 0;
  for (const cluster of clusters) residuals += (cluster.successes - rate * cluster.n) ** 2;
  // The small-sample factor K / (K − 1) of the usual cluster-robust estimator (CR1).
  const clustered = (clusters.length / (clusters.length - 1)) * (residuals / (n * n));
  const binomial = (rate * (1 - rate)) / n;
  return Math.min(upper, Math.max(1, clustered / binomial));
}

/**
 * Counts observations per cluster key, clusters in order of first appearance. Pure.
 * `key` names the cluster of an observation; `success` says whether it counts as a success.
 */
export function countByCluster<T>(
  observations: readonly T[],
  classify: { key: (observation: T) => string; success: (observation: T) => boolean },
): ClusterCount[] {
  const counts = new Map<string, ClusterCount>();
  for (const observation of observations) {
    const key = classify.key(observation);
    const count = counts.get(key) ?? { successes: 0, n: 0 };
    counts.set(key, {
      successes: count.successes + (classify.success(observation) ? 1 : 0),
      n: count.n + 1,
    });
  }
  return [...counts.values()];
}
