import { exactMcNemar } from "./exact-mcnemar.js";

/** One unit run by both models. */
export interface PairedOutcome {
  aPass: boolean;
  bPass: boolean;
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
}

/** Exact McNemar test on paired pass/fail outcomes. Pure; never throws. */
export function compareModels(options: CompareModelsOptions): ModelComparison {
  const { a, b, pairs, alpha = 0.05 } = options;
  let onlyA = 0;
  let onlyB = 0;
  for (const pair of pairs) {
    if (pair.aPass && !pair.bPass) onlyA++;
    if (!pair.aPass && pair.bPass) onlyB++;
  }
  const pValue = exactMcNemar(onlyA, onlyB);
  const verdict = pValue < alpha ? `${onlyA > onlyB ? a : b} better` : "no significant difference";
  return { a, b, pValue, verdict };
}
