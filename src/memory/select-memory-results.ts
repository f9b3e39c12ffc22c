/** How the results were produced, which decides the selection rule (memory.md §6.8). */
export type MemorySelectionMode = "hybrid" | "vector-only" | "fts-only";

/** What selection reads from a result. */
export interface SelectableMemoryResult {
  /** Final score, after decay. */
  score: number;
  /** Present when the keyword leg returned the chunk. */
  keywordScore?: number;
}

export interface SelectMemoryOptions<T extends SelectableMemoryResult> {
  /** Already ordered (§6.7, then MMR when enabled). */
  results: readonly T[];
  mode: MemorySelectionMode;
  /** 0–1. */
  minScore: number;
  /** Positive integer. */
  maxResults: number;
  /** The normalised text weight; the relaxed hybrid threshold is `min(minScore, textWeight)`. */
  textWeight: number;
}

/**
 * Picks the results to return (memory.md §6.8), keeping their order:
 * - `hybrid`: the first `maxResults` with `score ≥ minScore`; when there is none, the first
 *   `maxResults` of those that had a keyword hit and `score ≥ min(minScore, textWeight)`
 *   (none when the keyword leg returned nothing);
 * - `vector-only` and `fts-only`: the first `maxResults` with `score ≥ minScore`. Pure.
 */
export function selectMemoryResults<T extends SelectableMemoryResult>(options: SelectMemoryOptions<T>): T[] {
  const { results, minScore, maxResults } = options;
  const strict = results.filter((result) => result.score >= minScore);
  if (options.mode !== "hybrid" || strict.length > 0) return strict.slice(0, maxResults);
  const relaxedThreshold = Math.min(minScore, options.textWeight);
  return results
    .filter((result) => result.keywordScore !== undefined && result.score >= relaxedThreshold)
    .slice(0, maxResults);
}
