import type { MemoryIndexMeta } from "./sqlite-memory-store-types.js";

export interface CheckMemoryReindexOptions {
  /** The stored meta row; `undefined` when missing or unreadable. */
  meta: MemoryIndexMeta | undefined;
  /** The meta the current settings would write (vector dims are checked through `vectorsAvailable`). */
  wanted: Omit<MemoryIndexMeta, "vectorDims">;
  /** sqlite-vec is loaded and there is an embedder. */
  vectorsAvailable: boolean;
  /** A forced sync. */
  force: boolean;
}

function sameSources(a: readonly string[] | undefined, b: readonly string[]): boolean {
  const left = [...new Set(a ?? [])].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((source, index) => source === right[index]);
}

function changed(what: string, from: unknown, to: unknown): string {
  return `${what} changed (${JSON.stringify(from)} → ${JSON.stringify(to)})`;
}

/**
 * Why the index needs a full reindex (memory.md §3.1), or `undefined` when an incremental sync
 * is enough. Checks, in order: forced, no meta, store layout, provider, model, providerKey, sources, chunk
 * tokens and overlap, FTS tokenizer, vectors available without stored vector dims. Pure.
 */
export function checkMemoryReindex(options: CheckMemoryReindexOptions): string | undefined {
  const { meta, wanted } = options;
  if (options.force) return "forced sync";
  if (meta === undefined) return "no index meta";
  if (meta.storeLayout !== wanted.storeLayout) return changed("store layout", meta.storeLayout, wanted.storeLayout);
  if (meta.provider !== wanted.provider) return changed("provider", meta.provider, wanted.provider);
  if (meta.model !== wanted.model) return changed("model", meta.model, wanted.model);
  if (meta.providerKey !== wanted.providerKey) return "provider settings changed (providerKey)";
  if (!sameSources(meta.sources, wanted.sources)) return changed("sources", meta.sources, wanted.sources);
  if (meta.chunkTokens !== wanted.chunkTokens) return changed("chunk tokens", meta.chunkTokens, wanted.chunkTokens);
  if (meta.chunkOverlap !== wanted.chunkOverlap)
    return changed("chunk overlap", meta.chunkOverlap, wanted.chunkOverlap);
  if (meta.ftsTokenizer !== wanted.ftsTokenizer)
    return changed("FTS tokenizer", meta.ftsTokenizer, wanted.ftsTokenizer);
  if (options.vectorsAvailable && meta.vectorDims === undefined) return "vectors are available but the index has none";
  return undefined;
}
