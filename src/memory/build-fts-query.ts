const FTS_TOKEN = /[\p{L}\p{N}_]+/gu;

/**
 * Most query tokens (keyword leg) and keywords (FTS-only mode) one search uses; the rest of a
 * longer query is ignored. FTS5 slows down quadratically on a MATCH of thousands of repeated
 * terms, and a pasted log as a user message would otherwise stall passive recall.
 */
export const MAX_QUERY_TOKENS = 256;

/**
 * The FTS5 MATCH expression for a raw query (memory.md §6.1): every run of letters, digits and
 * `_` (the first {@link MAX_QUERY_TOKENS}), double-quoted, joined with ` AND `. Returns `undefined` when the query has no such run,
 * which means the keyword leg is skipped. Pure.
 */
export function buildFtsQuery(query: string): string | undefined {
  const tokens: string[] = [];
  for (const match of query.matchAll(FTS_TOKEN)) {
    if (tokens.push(match[0]) === MAX_QUERY_TOKENS) break;
  }
  if (tokens.length === 0) return undefined;
  // A token cannot contain `"` by construction; the replace keeps the quoting safe if the pattern changes.
  return tokens.map((token) => `"${token.replaceAll('"', "")}"`).join(" AND ");
}

/**
 * Maps an FTS5 `bm25()` rank to a 0–1 score with the 2026.3.31 rule (memory.md §6.1):
 * non-finite ⇒ 0.001; negative ⇒ `r / (1 + r)` with `r = −rank` (more negative ranks score
 * higher); otherwise `1 / (1 + rank)`. Pure.
 */
export function rankToScore(rank: number): number {
  if (!Number.isFinite(rank)) return 0.001;
  if (rank < 0) {
    const relevance = -rank;
    return relevance / (1 + relevance);
  }
  return 1 / (1 + rank);
}
