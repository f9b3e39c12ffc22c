import { buildFtsQuery, rankToScore } from "./build-fts-query.js";
import { cutSnippet, SNIPPET_MAX_UNITS } from "./cut-snippet.js";
import { extractQueryKeywords } from "./extract-query-keywords.js";
import type { KeywordRow, MemoryChunkRow, VectorRow } from "./memory-candidates.js";
import { type HybridWeights, type MergedMemoryResult, mergeHybridResults } from "./merge-hybrid-results.js";
import type { MemorySelectionMode } from "./select-memory-results.js";

export interface GatherMemoryOptions {
  query: string;
  mode: "hybrid" | "fts-only";
  keywordLeg?(ftsQuery: string, limit: number): Promise<KeywordRow[]>;
  vectorLeg?(query: string, limit: number): Promise<VectorRow[]>;
  /** Normalised leg weights. */
  weights: HybridWeights;
  /** `query.hybrid.enabled`; false ⇒ vector leg only. */
  hybridEnabled: boolean;
  /** Rows asked of each leg call. */
  limit: number;
}

/** Scored candidates before decay, and the §6.8 rule that will select among them. */
export interface GatheredMemoryCandidates {
  results: MergedMemoryResult[];
  selection: MemorySelectionMode;
}

function toResult(
  row: MemoryChunkRow,
  scores: Pick<MergedMemoryResult, "keywordScore" | "vectorScore" | "score">,
): MergedMemoryResult {
  const { id, path, source, startLine, endLine } = row;
  return { id, path, source, startLine, endLine, snippet: cutSnippet(row.text, SNIPPET_MAX_UNITS), ...scores };
}

/** §6.5: one keyword-leg call per extracted keyword (or the whole query), best score per chunk. */
async function gatherFtsOnly(options: GatherMemoryOptions): Promise<MergedMemoryResult[]> {
  const { keywordLeg } = options;
  if (!keywordLeg) return [];
  const keywords = extractQueryKeywords(options.query);
  const best = new Map<string, MergedMemoryResult>();
  for (const term of keywords.length > 0 ? keywords : [options.query]) {
    const ftsQuery = buildFtsQuery(term);
    if (ftsQuery === undefined) continue;
    for (const row of await keywordLeg(ftsQuery, options.limit)) {
      const score = rankToScore(row.rank);
      const previous = best.get(row.id);
      if (previous && previous.score >= score) continue;
      best.set(row.id, toResult(row, { keywordScore: score, score }));
    }
  }
  return [...best.values()];
}

/**
 * Runs the search legs the mode and settings call for (memory.md §6.1–§6.3, §6.5) and scores
 * their rows: `fts-only` ⇒ the keyword loop; hybrid disabled or no keyword leg (FTS5
 * unavailable) ⇒ vector scores as they are; otherwise both legs, merged by chunk id. A query
 * without FTS tokens skips the keyword leg but stays hybrid. Legs run at most once each, except
 * the keyword leg in `fts-only` mode (once per keyword, in order).
 */
export async function gatherMemoryCandidates(options: GatherMemoryOptions): Promise<GatheredMemoryCandidates> {
  if (options.mode === "fts-only") return { results: await gatherFtsOnly(options), selection: "fts-only" };
  const vectorRows = options.vectorLeg ? options.vectorLeg(options.query, options.limit) : Promise.resolve([]);
  const { keywordLeg } = options;
  if (!options.hybridEnabled || !keywordLeg) {
    const rows = await vectorRows;
    return {
      results: rows.map((row) => toResult(row, { vectorScore: row.score, score: row.score })),
      selection: "vector-only",
    };
  }
  const ftsQuery = buildFtsQuery(options.query);
  const [keyword, vector] = await Promise.all([
    ftsQuery === undefined ? Promise.resolve([]) : keywordLeg(ftsQuery, options.limit),
    vectorRows,
  ]);
  return { results: mergeHybridResults({ keyword, vector, weights: options.weights }), selection: "hybrid" };
}
