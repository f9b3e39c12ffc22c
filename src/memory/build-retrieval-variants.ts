import type { MemorySearchConfig } from "../config/resolve-agent-config.js";

/** How a variant searches: both legs merged, keywords only (FTS-only mode), or vectors only. */
export const RETRIEVAL_SEARCHES = ["hybrid", "keyword", "vector"] as const;
export type RetrievalSearch = (typeof RETRIEVAL_SEARCHES)[number];

/** One way of searching the same notes, to compare against the others (memory.md §12.2). */
export interface RetrievalVariant {
  /** `<search>-decay` or `<search>-no-decay`, e.g. `hybrid-decay`. */
  id: string;
  search: RetrievalSearch;
  /** Whether temporal decay is on. */
  decay: boolean;
  /** The agent's settings with the variant's changes, over an in-memory index (`store.path` `:memory:`). */
  settings: MemorySearchConfig;
}

/** The changes each search makes to the agent's settings; anything not named stays as configured. */
const APPLY_SEARCH: Record<RetrievalSearch, (settings: MemorySearchConfig) => void> = {
  hybrid: (settings) => {
    settings.query.hybrid.enabled = true;
  },
  keyword: (settings) => {
    settings.provider = "none";
  },
  vector: (settings) => {
    settings.query.hybrid.enabled = false;
  },
};

const variantId = (search: RetrievalSearch, decay: boolean) => `${search}-${decay ? "decay" : "no-decay"}`;

/**
 * The six variants, in report order: hybrid, keyword and vector search, each with temporal decay
 * on and then off. Each keeps the agent's embedder, weights, MMR, half-life, chunking and
 * paths, and points `store.path` at `:memory:` so evaluating never touches the agent's own index.
 * Pure: `settings` is not changed.
 */
export function buildRetrievalVariants(settings: MemorySearchConfig): RetrievalVariant[] {
  return RETRIEVAL_SEARCHES.flatMap((search) =>
    [true, false].map((decay) => {
      const copy = structuredClone(settings);
      copy.store.path = ":memory:";
      copy.query.hybrid.temporalDecay.enabled = decay;
      APPLY_SEARCH[search](copy);
      return { id: variantId(search, decay), search, decay, settings: copy };
    }),
  );
}

/**
 * The id of the variant that searches as the agent is configured to: keyword search when the
 * agent has no embedder by design (`provider "none"`, or a fallback to FTS-only mode), else hybrid
 * or vector search by `query.hybrid.enabled`; decay as configured. An embedder that cannot be set
 * up at all is not keyword search (the agent's searches fail), so it keeps the hybrid or vector
 * variant, which then cannot run. Pure.
 */
export function configuredRetrievalVariantId(options: { settings: MemorySearchConfig; keywordOnly: boolean }): string {
  const { hybrid } = options.settings.query;
  const search: RetrievalSearch = options.keywordOnly ? "keyword" : hybrid.enabled ? "hybrid" : "vector";
  return variantId(search, hybrid.temporalDecay.enabled);
}
