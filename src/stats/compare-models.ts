import { clusteredMcNemar } from "./clustered-mcnemar.js";

/** One unit run by both models. */
export interface PairedOutcome {
  aPass: boolean;
  bPass: boolean;
  /**
   * The cluster the unit belongs to (its scenario case): units of one cluster are tested
   * together. Without it, every pair is a cluster of its own.
   */
  cluster?: string;
}

export interface CompareModelsOptions {
  /** Model id of the first model. */
  a: string;
  /** Model id of the second model. */
  b: string;
  /** Outcomes on the same units, one entry per unit (or unit and repeat). */
  pairs: readonly PairedOutcome[];
  /** Significance level; default 0.05. A difference is called only when `pValue < alpha`. */
  alpha?: number;
}

/** The report's per-pair entry. `verdict` is `"<model id> better"` or `"no significant difference"`. */
export interface ModelComparison {
  a: string;
  b: string;
  pValue: number;
  verdict: string;
  /** Clusters the pairs came from. */
  clusters: number;
}

/**
 * Exact McNemar test on paired pass/fail outcomes, with the pairs of one cluster tested together
 * ({@link clusteredMcNemar}): per cluster, units only `a` passed minus units only `b` passed.
 * With one pair per cluster this is the plain exact McNemar test. The verdict names the model
 * with more such units overall. Pure; never throws.
 */
export function compareModels(options: CompareModelsOptions): ModelComparison {
  const { a, b, pairs, alpha = 0.05 } = options;
  const differences = new Map<string, number>();
  pairs.forEach((pair, index) => {
    const key = pair.cluster === undefined ? `\u0000${index}` : `\u0001${pair.cluster}`;
    const difference = (pair.aPass ? 1 : 0) - (pair.bPass ? 1 : 0);
    differences.set(key, (differences.get(key) ?? 0) + difference);
  });
  let balance = 0;
  for (const difference of differences.values()) balance += difference;
  const pValue = clusteredMcNemar([...differences.values()]);
  const verdict = pValue < alpha ? `${balance > 0 ? a : b} better` : "no significant difference";
  return { a, b, pValue, verdict, clusters: differences.size };
}
