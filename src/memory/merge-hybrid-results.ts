import { rankToScore } from "./build-fts-query.js";
import { cutSnippet, SNIPPET_MAX_UNITS } from "./cut-snippet.js";
import type { KeywordRow, MemorySource, VectorRow } from "./memory-candidates.js";

/** Weights of the two legs in a hybrid score (memory.md §2 `query.hybrid`). */
export interface HybridWeights {
  vectorWeight: number;
  textWeight: number;
}

/** The configured defaults, also used when both weights clamp to 0. */
export const DEFAULT_HYBRID_WEIGHTS: HybridWeights = { vectorWeight: 0.7, textWeight: 0.3 };

function clampUnit(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/**
 * Clamps each weight to [0, 1] (NaN counts as 0) and divides both by their sum, so they add up
 * to 1; a zero sum gives {@link DEFAULT_HYBRID_WEIGHTS} (memory.md §2). Pure.
 */
export function normaliseHybridWeights(weights: HybridWeights): HybridWeights {
  const vector = clampUnit(weights.vectorWeight);
  const text = clampUnit(weights.textWeight);
  const sum = vector + text;
  if (sum === 0) return { ...DEFAULT_HYBRID_WEIGHTS };
  return { vectorWeight: vector / sum, textWeight: text / sum };
}

/** One chunk after the merge, before decay. */
export interface MergedMemoryResult {
  id: string;
  path: string;
  source: MemorySource;
  startLine: number;
  endLine: number;
  /** Chunk text cut to 700 UTF-16 units; the keyword row's when it has one. */
  snippet: string;
  /** `rankToScore` of the keyword row; absent when the keyword leg did not return the chunk. */
  keywordScore?: number;
  /** Cosine score of the vector row; absent when the vector leg did not return the chunk. */
  vectorScore?: number;
  /** `vectorWeight × vectorScore + textWeight × keywordScore`, a missing leg counting 0. */
  score: number;
}

export interface MergeHybridOptions {
  keyword: readonly KeywordRow[];
  vector: readonly VectorRow[];
  /** Raw weights; normalised here with {@link normaliseHybridWeights}. */
  weights: HybridWeights;
}

function hybridScore(result: MergedMemoryResult, weights: HybridWeights): number {
  return weights.vectorWeight * (result.vectorScore ?? 0) + weights.textWeight * (result.keywordScore ?? 0);
}

/**
 * Merges the two legs by chunk id (memory.md §6.3). Output order: vector rows in their order,
 * then chunks only the keyword leg found, in its order; a repeated id within one leg keeps its
 * first row. A non-empty keyword snippet replaces the vector snippet. Pure.
 */
export function mergeHybridResults(options: MergeHybridOptions): MergedMemoryResult[] {
  const weights = normaliseHybridWeights(options.weights);
  const byId = new Map<string, MergedMemoryResult>();
  for (const row of options.vector) {
    if (byId.has(row.id)) continue;
    byId.set(row.id, {
      ...location(row),
      snippet: cutSnippet(row.text, SNIPPET_MAX_UNITS),
      vectorScore: row.score,
      score: 0,
    });
  }
  for (const row of options.keyword) {
    const existing = byId.get(row.id);
    if (existing?.keywordScore !== undefined) continue;
    const snippet = cutSnippet(row.text, SNIPPET_MAX_UNITS);
    if (existing) {
      existing.keywordScore = rankToScore(row.rank);
      if (snippet !== "") existing.snippet = snippet;
      continue;
    }
    byId.set(row.id, { ...location(row), snippet, keywordScore: rankToScore(row.rank), score: 0 });
  }
  return [...byId.values()].map((result) => ({ ...result, score: hybridScore(result, weights) }));
}

function location(row: KeywordRow | VectorRow): Omit<MergedMemoryResult, "snippet" | "score"> {
  return { id: row.id, path: row.path, source: row.source, startLine: row.startLine, endLine: row.endLine };
}
