import { isCjk } from "./embedders/tokenize-for-hash.js";
import { type QueryRetrieval, type RetrievalFigures, summariseRetrieval } from "./measure-retrieval.js";

/** The languages retrieval figures are broken down by (memory.md §12.2), in report order. */
export const QUERY_LANGUAGES = ["english", "chinese"] as const;
export type QueryLanguage = (typeof QUERY_LANGUAGES)[number];

/** `chinese` when the query holds any character the local embedder treats as CJK, else `english`. Pure. */
export function queryLanguage(query: string): QueryLanguage {
  return [...query].some(isCjk) ? "chinese" : "english";
}

/** One language's macro averages and how many queries they cover (≥ 1). */
export interface LanguageFigures extends RetrievalFigures {
  queries: number;
}

/**
 * The figures of each language's queries, averaged as {@link summariseRetrieval} does; a language
 * with no queries is left out, and keys follow {@link QUERY_LANGUAGES}. Pure.
 */
export function splitByLanguage(
  perQuery: readonly Pick<QueryRetrieval, "query" | "recall" | "precision" | "reciprocalRank">[],
): Partial<Record<QueryLanguage, LanguageFigures>> {
  const split: Partial<Record<QueryLanguage, LanguageFigures>> = {};
  for (const language of QUERY_LANGUAGES) {
    const entries = perQuery.filter((entry) => queryLanguage(entry.query) === language);
    if (entries.length > 0) split[language] = { queries: entries.length, ...summariseRetrieval(entries) };
  }
  return split;
}
