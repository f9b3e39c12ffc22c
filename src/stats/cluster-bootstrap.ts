import { ClawEvalError } from "../domain/errors.js";
import { percentile } from "./percentile.js";
import { requireCount } from "./require-count.js";

/** A mean with its confidence bounds; all three are `null` when `n` is 0. */
export interface MeanInterval {
  mean: number | null;
  low: number | null;
  high: number | null;
  /** Number of clusters the mean is over. */
  n: number;
}

export interface ClusterBootstrapOptions {
  /**
   * The observations, one array per cluster (a unit: its compactions). Empty clusters are left
   * out. The statistic is the mean of the cluster means, so every cluster weighs the same.
   */
  clusters: readonly (readonly number[])[];
  /** Uniform numbers in [0, 1); called `resamples × clusters` times, in a fixed order. */
  random: () => number;
  /** Bootstrap resamples; default 2 000. */
  resamples?: number;
  /** Two-sided confidence level in (0, 1); default 0.95. */
  confidence?: number;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * Percentile bootstrap over clusters: resamples the clusters with replacement `resamples` times,
 * takes the mean of cluster means of each resample, and returns the nearest-rank percentiles at
 * (1 − confidence) / 2 and (1 + confidence) / 2 of those means. Resampling whole clusters keeps
 * correlated observations of one cluster together, so the interval does not narrow when one
 * unit compacts many times. Pure and deterministic for a given `random`. With one cluster the
 * interval is that cluster's mean. Throws `ClawEvalError("invalid-input")` for a non-positive
 * `resamples`, a `confidence` outside (0, 1) or a non-finite value.
 */
export function clusterBootstrap(options: ClusterBootstrapOptions): MeanInterval {
  const { random, resamples = 2000, confidence = 0.95 } = options;
  requireCount(resamples, "resamples");
  if (resamples === 0) throw new ClawEvalError("invalid-input", "resamples must be at least 1");
  if (!(confidence > 0 && confidence < 1)) {
    throw new ClawEvalError("invalid-input", `confidence must be in (0, 1), got ${confidence}`);
  }
  const clusters = options.clusters.filter((cluster) => cluster.length > 0);
  if (clusters.some((cluster) => cluster.some((value) => !Number.isFinite(value)))) {
    throw new ClawEvalError("invalid-input", "bootstrap values must be finite numbers");
  }
  const n = clusters.length;
  if (n === 0) return { mean: null, low: null, high: null, n };
  const clusterMeans = clusters.map(mean);
  const estimate = mean(clusterMeans);
  const replicates: number[] = [];
  for (let resample = 0; resample < resamples; resample++) {
    let sum = 0;
    for (let draw = 0; draw < n; draw++) sum += clusterMeans[Math.floor(random() * n)] ?? 0;
    replicates.push(sum / n);
  }
  const tail = ((1 - confidence) / 2) * 100;
  return {
    mean: estimate,
    low: percentile(replicates, tail) ?? estimate,
    high: percentile(replicates, 100 - tail) ?? estimate,
    n,
  };
}
