import { ClawEvalError } from "../../domain/index.js";
import { sha256Hex } from "../sqlite-memory-store-ids.js";
import type { Embedder } from "./embedder.js";

/**
 * One embedder's view of the embedding cache (memory.md §5.4): the store's cache bound to that
 * embedder's `(id, model, providerKey)` and the sync time, keyed by the sha256 hex of a chunk's
 * text. Hits refresh `updated_at` on the store's side.
 */
export interface EmbeddingCacheView {
  /** The cached vectors of those hashes that have one; absent hashes are simply missing. */
  get(hashes: readonly string[]): Map<string, number[]>;
  /** Stores new vectors; each hash appears once. */
  put(entries: { hash: string; embedding: number[] }[]): void;
}

export interface EmbedWithCacheOptions {
  embedder: Embedder;
  texts: readonly string[];
  /** Omitted (cache disabled): every text goes to the embedder. */
  cache?: EmbeddingCacheView;
}

/**
 * One vector per text, in input order. Cached texts are not sent; the misses, each distinct text
 * once, go to one `embedBatch` call (which does its own batching), and their vectors are put
 * into the cache. Rejects when the embedder does (nothing is cached then) or answers with the
 * wrong number of vectors (`invariant`).
 */
export async function embedWithCache(options: EmbedWithCacheOptions): Promise<number[][]> {
  const { embedder, texts, cache } = options;
  // The cache key of a chunk text is its sha256 hex, the same value as `chunks.hash`.
  const hashes = texts.map((text) => sha256Hex(text));
  const known = new Map(cache?.get([...new Set(hashes)]) ?? []);
  const misses = new Map<string, string>();
  texts.forEach((text, index) => {
    const hash = hashes[index] ?? "";
    if (!known.has(hash)) misses.set(hash, text);
  });
  if (misses.size > 0) {
    const vectors = await embedder.embedBatch([...misses.values()]);
    if (vectors.length !== misses.size) {
      throw new ClawEvalError(
        "invariant",
        `${embedder.id} embedder returned ${vectors.length} vectors for ${misses.size} texts`,
      );
    }
    const entries = [...misses.keys()].map((hash, index) => ({ hash, embedding: vectors[index] ?? [] }));
    for (const entry of entries) known.set(entry.hash, entry.embedding);
    cache?.put(entries);
  }
  return hashes.map((hash) => known.get(hash) ?? []);
}
