import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import { ClawEvalError, type Diagnostic, errorMessage, type Runtime } from "../domain/index.js";
import { checkMemoryReindex } from "./check-memory-reindex.js";
import { chunkDocument, clampChunkOverlap } from "./chunk-document.js";
import { type EmbeddingCacheView, embedWithCache } from "./embedders/embed-with-cache.js";
import type { Embedder } from "./embedders/embedder.js";
import { listMemoryFiles, type MemoryFileEntry } from "./list-memory-files.js";
import type { MemorySource } from "./memory-candidates.js";
import { type MemoryFileSkipReason, readMemoryFile } from "./read-memory-file.js";
import type { SqliteMemoryStore } from "./sqlite-memory-store.js";
import { isDatabaseLockedError, memoryStoreDiagnostic } from "./sqlite-memory-store-open.js";
import type { MemoryIndexMeta, MemoryStoreConnection } from "./sqlite-memory-store-types.js";

/** The `memorySearch` settings a sync reads. */
export type MemorySyncSettings = Pick<MemorySearchConfig, "chunking" | "extraPaths" | "sources" | "cache">;

export interface SyncMemoryIndexOptions {
  /** Its `fs` lists and reads the files; `now()` stamps rows and the cache. */
  runtime: Pick<Runtime, "fs" | "now">;
  store: SqliteMemoryStore;
  /** Absolute workspace folder. */
  workspaceDir: string;
  settings: MemorySyncSettings;
  /** Absent = FTS-only mode: provider `none`, model `fts-only`, embeddings `[]` (memory.md §6.5). */
  embedder?: Embedder;
  /** Full reindex even when nothing requires one; default false. */
  force?: boolean;
}

/** What one sync did. Paths are workspace-relative, sorted. */
export interface MemorySyncSummary {
  /** Files whose rows were (re)written. Empty when a full reindex failed. */
  indexed: string[];
  /** Listed files left out, and why. */
  skipped: { path: string; reason: MemoryFileSkipReason }[];
  /** Paths whose rows were removed because they are no longer listed. */
  deleted: string[];
  /** Whether the sync was a full reindex into a fresh database (§3.1). */
  fullReindex: boolean;
  /** Why a full reindex was due. */
  reindexReason?: string;
  /** Skipped files, unreadable folders, and (severity error) a sync that stopped: locked, embedder or SQLite failure. */
  diagnostics: Diagnostic[];
}

const SOURCE: MemorySource = "memory";

function wantedMeta(options: SyncMemoryIndexOptions): Omit<MemoryIndexMeta, "vectorDims"> {
  const { chunking, sources } = options.settings;
  return {
    provider: options.embedder?.id ?? "none",
    model: options.embedder?.model ?? "fts-only",
    providerKey: options.embedder?.providerKey ?? "none",
    sources: [...new Set(sources)].sort(),
    chunkTokens: chunking.tokens,
    chunkOverlap: clampChunkOverlap(chunking.tokens, chunking.overlap),
    ftsTokenizer: options.store.ftsTokenizer,
  };
}

/** The store's embedding cache bound to one embedder and the sync time (memory.md §5.4). */
function cacheView(target: MemoryStoreConnection, embedder: Embedder, now: number): EmbeddingCacheView {
  const key = { provider: embedder.id, model: embedder.model, providerKey: embedder.providerKey };
  return {
    get: (hashes) => target.embeddingCache.get({ key, hashes, now }),
    put: (entries) => target.embeddingCache.put({ key, entries, now }),
  };
}

/** Reads, chunks, embeds and writes the changed files into `target`; returns what it did. */
async function indexFiles(
  options: SyncMemoryIndexOptions,
  target: MemoryStoreConnection,
  files: readonly MemoryFileEntry[],
  summary: MemorySyncSummary,
): Promise<void> {
  const { runtime, embedder, settings } = options;
  const known = new Map(target.listFiles().map((file) => [file.path, file]));
  const pending = [];
  for (const entry of files) {
    // Unchanged size and mtime (to the ms): skip reading and hashing, as git does. A file
    // rewritten to the same size within the same millisecond waits for the next change.
    const prior = known.get(entry.path);
    const stat = prior === undefined ? undefined : await runtime.fs.lstat(entry.absolutePath);
    if (
      prior !== undefined &&
      stat?.kind === "file" &&
      stat.size === prior.size &&
      Math.floor(stat.mtimeMs) === prior.mtime
    ) {
      continue;
    }
    const read = await readMemoryFile(runtime.fs, entry);
    if (!read.ok) {
      summary.skipped.push({ path: entry.path, reason: read.reason });
      if (read.diagnostic) summary.diagnostics.push(read.diagnostic);
      if (read.reason !== "missing" && known.has(entry.path)) target.deleteFile(entry.path);
      continue;
    }
    if (known.get(entry.path)?.hash === read.hash) continue;
    const chunks = chunkDocument({ text: read.text, ...settings.chunking }).filter((chunk) => chunk.text.trim() !== "");
    pending.push({ entry, read, chunks });
  }
  const texts = pending.flatMap(({ chunks }) => chunks.map((chunk) => chunk.text));
  const cache = embedder && settings.cache.enabled ? cacheView(target, embedder, runtime.now()) : undefined;
  const vectors = embedder ? await embedWithCache({ embedder, texts, cache }) : [];
  let next = 0;
  for (const { entry, read, chunks } of pending) {
    target.upsertFile({
      file: { path: entry.path, source: SOURCE, hash: read.hash, mtime: read.mtime, size: read.size },
      model: embedder?.model ?? "fts-only",
      chunks: chunks.map((chunk) => ({ ...chunk, embedding: embedder ? vectors[next++]! : [] })),
      now: runtime.now(),
    });
    summary.indexed.push(entry.path);
  }
  const listed = new Set(files.map((file) => file.path));
  for (const path of known.keys()) {
    if (listed.has(path)) continue;
    target.deleteFile(path);
    summary.deleted.push(path);
  }
}

function finish(options: SyncMemoryIndexOptions, target: MemoryStoreConnection): void {
  const vectorDims = target.vectorDims();
  target.writeMeta({ ...wantedMeta(options), ...(vectorDims === undefined ? {} : { vectorDims }) });
  const { maxEntries } = options.settings.cache;
  if (options.settings.cache.enabled && maxEntries !== undefined) target.embeddingCache.evict({ maxEntries });
}

function failure(options: SyncMemoryIndexOptions, error: unknown, fullReindex: boolean): Diagnostic {
  const locked = isDatabaseLockedError(error);
  const outcome = fullReindex ? "the previous index stays" : "the next sync continues";
  return memoryStoreDiagnostic({
    file: options.store.path,
    expected: locked ? "an unlocked memory index" : "a memory index sync that completes",
    found: `${locked ? "still locked after retrying" : "sync failed"}: ${errorMessage(error)}; ${outcome}`,
    severity: "error",
  });
}

/**
 * Brings the memory index up to date with the workspace files (memory.md §4.2): lists them,
 * re-indexes files whose sha256 changed (blank chunks dropped, embeddings from the cache or the
 * embedder), removes rows of files no longer listed, and writes the meta row. When §3.1 requires
 * it, everything is indexed into a fresh database that replaces the current one only on success.
 * Never throws for I/O, locks, SQLite or embedder failures: they end the sync with an error
 * diagnostic (work already committed stays). Broken invariants still throw.
 */
export async function syncMemoryIndex(options: SyncMemoryIndexOptions): Promise<MemorySyncSummary> {
  const { store } = options;
  const summary: MemorySyncSummary = { indexed: [], skipped: [], deleted: [], fullReindex: false, diagnostics: [] };
  try {
    const listing = await listMemoryFiles({
      fs: options.runtime.fs,
      workspaceDir: options.workspaceDir,
      extraPaths: options.settings.extraPaths,
    });
    summary.diagnostics.push(...listing.diagnostics);
    const reason = checkMemoryReindex({
      meta: store.readMeta(),
      wanted: wantedMeta(options),
      vectorsAvailable: store.vectorsLoaded && options.embedder !== undefined,
      force: options.force ?? false,
    });
    if (reason === undefined) {
      await indexFiles(options, store, listing.files, summary);
      finish(options, store);
      return summary;
    }
    summary.fullReindex = true;
    summary.reindexReason = reason;
    const listed = new Set(listing.files.map((file) => file.path));
    const previous = store.listFiles().map((file) => file.path);
    await store.rebuild(async (fresh) => {
      if (options.embedder?.dims !== undefined) fresh.ensureVectorTable(options.embedder.dims);
      await indexFiles(options, fresh, listing.files, summary);
      finish(options, fresh);
    });
    summary.deleted = previous.filter((path) => !listed.has(path));
  } catch (error) {
    if (error instanceof ClawEvalError && error.code === "invariant") throw error;
    if (summary.fullReindex) summary.indexed = [];
    summary.diagnostics.push(failure(options, error, summary.fullReindex));
  }
  return summary;
}
