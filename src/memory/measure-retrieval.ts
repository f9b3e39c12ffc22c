/** One labelled query (memory.md §12.2). */
export interface LabelledQuery {
  query: string;
  /**
   * What counts as relevant: a workspace-relative path (any chunk of the file) or `path#La-Lb`
   * (1-based inclusive lines; a hit counts when its lines overlap them). Must not be empty.
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
  /** 1 / rank of the first relevant hit in the top k; 0 when none. */
  reciprocalRank: number;
  /** 1-based rank of the first relevant hit; absent when none in the top k. */
  firstRelevantRank?: number;
  /** The top k hits as `path#La-Lb`. */
  hits: string[];
}

/** Macro averages over the queries (each query weighs the same); both 0–1. */
export interface RetrievalMeasure {
  recallAtK: number;
  /** Mean reciprocal rank, counting only the top k. */
  mrr: number;
  perQuery: QueryRetrieval[];
}

interface Target {
  path: string;
  lines?: { start: number; end: number };
}

function parseTarget(label: string): Target {
  const match = /^(.*)#L(\d+)-L?(\d+)$/.exec(label);
  if (match === null) return { path: label };
  return { path: match[1]!, lines: { start: Number(match[2]), end: Number(match[3]) } };
}

function matches(target: Target, hit: RetrievedLocation): boolean {
  if (hit.path !== target.path) return false;
  if (target.lines === undefined) return true;
  return hit.startLine <= target.lines.end && hit.endLine >= target.lines.start;
}

/**
 * recall@k and MRR of a search over labelled queries (memory.md §12.2). Pure apart from the
 * injected `search`. Throws on `k < 1` or a query without labels, which would make the figures
 * meaningless; an empty query list gives 0 for both.
 */
export async function measureRetrieval(options: MeasureRetrievalOptions): Promise<RetrievalMeasure> {
  const { k } = options;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, found ${k}`);
  const perQuery: QueryRetrieval[] = [];
  for (const { query, relevant } of options.queries) {
    if (relevant.length === 0) throw new RangeError(`query "${query}" has no relevant labels`);
    const targets = relevant.map(parseTarget);
    const top = (await options.search(query)).slice(0, k);
    const found = targets.filter((target) => top.some((hit) => matches(target, hit))).length;
    const first = top.findIndex((hit) => targets.some((target) => matches(target, hit)));
    perQuery.push({
      query,
      recall: found / targets.length,
      reciprocalRank: first === -1 ? 0 : 1 / (first + 1),
      ...(first === -1 ? {} : { firstRelevantRank: first + 1 }),
      hits: top.map((hit) => `${hit.path}#L${hit.startLine}-L${hit.endLine}`),
    });
  }
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    recallAtK: mean(perQuery.map((entry) => entry.recall)),
    mrr: mean(perQuery.map((entry) => entry.reciprocalRank)),
    perQuery,
  };
}
