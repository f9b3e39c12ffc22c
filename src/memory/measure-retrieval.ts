import { hitsRelevantTarget, parseRelevantLabel } from "./parse-relevant-label.js";

/** One labelled query (memory.md §12.2). */
export interface LabelledQuery {
  query: string;
  /**
   * What counts as relevant: a workspace-relative path (any chunk of the file), `path#La-Lb`
   * (1-based inclusive lines; a hit counts when its lines overlap them) or `path#La`. Must not be
   * empty.
   */
  relevant: readonly string[];
}

/** The lines a search returned, best first. */
export interface RetrievedLocation {
  path: string;
  startLine: number;
  endLine: number;
}

export interface MeasureRetrievalOptions {
  queries: readonly LabelledQuery[];
  /** Runs one search; awaited once per query, in order. */
  search: (query: string) => Promise<readonly RetrievedLocation[]>;
  /** Cut-off rank (hits after the k-th are ignored); a positive integer. */
  k: number;
}

/** One query's figures. */
export interface QueryRetrieval {
  query: string;
  /** Share of the labelled items found in the top k, 0–1. */
  recall: number;
  /** Relevant hits in the top k divided by k (not by the hits returned), 0–1. */
  precision: number;
  /** 1 / rank of the first relevant hit in the top k; 0 when none. */
  reciprocalRank: number;
  /** 1-based rank of the first relevant hit; absent when none in the top k. */
  firstRelevantRank?: number;
  /** 1-based ranks of the top-k hits that fall on some label, ascending. */
  relevantRanks: number[];
  /** The labels no top-k hit fell on, in label order. */
  missed: string[];
  /** The top k hits as `path#La-Lb`. */
  hits: string[];
}

/** Macro averages over queries (each query weighs the same); all 0–1. */
export interface RetrievalFigures {
  recallAtK: number;
  precisionAtK: number;
  /** Mean reciprocal rank, counting only the top k. */
  mrr: number;
}

export interface RetrievalMeasure extends RetrievalFigures {
  perQuery: QueryRetrieval[];
}

/** Macro averages of per-query figures; 0 for each when there are none. Pure. */
export function summariseRetrieval(
  perQuery: readonly Pick<QueryRetrieval, "recall" | "precision" | "reciprocalRank">[],
): RetrievalFigures {
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    recallAtK: mean(perQuery.map((entry) => entry.recall)),
    precisionAtK: mean(perQuery.map((entry) => entry.precision)),
    mrr: mean(perQuery.map((entry) => entry.reciprocalRank)),
  };
}

/**
 * recall@k, precision@k and MRR of a search over labelled queries (memory.md §12.2). Pure apart
 * from the injected `search`. Throws on `k < 1` or a query without labels, which would make the
 * figures meaningless; an empty query list gives 0 for each. A relevant file found by several
 * chunks counts once for recall and once per chunk for precision.
 */
export async function measureRetrieval(options: MeasureRetrievalOptions): Promise<RetrievalMeasure> {
  const { k } = options;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, found ${k}`);
  const perQuery: QueryRetrieval[] = [];
  for (const { query, relevant } of options.queries) {
    if (relevant.length === 0) throw new RangeError(`query "${query}" has no relevant labels`);
    const targets = relevant.map(parseRelevantLabel);
    const top = (await options.search(query)).slice(0, k);
    const missed = relevant.filter((_, index) => !top.some((hit) => hitsRelevantTarget(targets[index]!, hit)));
    const relevantRanks = top.flatMap((hit, index) =>
      targets.some((target) => hitsRelevantTarget(target, hit)) ? [index + 1] : [],
    );
    const first = relevantRanks[0];
    perQuery.push({
      query,
      recall: (relevant.length - missed.length) / relevant.length,
      precision: relevantRanks.length / k,
      reciprocalRank: first === undefined ? 0 : 1 / first,
      ...(first === undefined ? {} : { firstRelevantRank: first }),
      relevantRanks,
      missed,
      hits: top.map((hit) => `${hit.path}#L${hit.startLine}-L${hit.endLine}`),
    });
  }
  return { ...summariseRetrieval(perQuery), perQuery };
}
