import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import { ClawEvalError, type Diagnostic, errorMessage, type Runtime } from "../domain/index.js";
import { checkMemoryReindex } from "./check-memory-reindex.js";
import { chunkDocument, clampChunkOverlap, type DocumentChunk } from "./chunk-document.js";
import { chunkSessionTranscript } from "./chunk-session-transcript.js";
import { type EmbeddingCacheView, embedWithCache } from "./embedders/embed-with-cache.js";
import type { Embedder } from "./embedders/embedder.js";
import { findChangedMemoryFiles } from "./find-changed-memory-files.js";
import { listIndexedFiles, resolveIndexedPaths } from "./list-indexed-files.js";
import type { MemoryFileEntry } from "./list-memory-files.js";
import type { MemorySource } from "./memory-candidates.js";
import { type MemoryFileRead, type MemoryFileSkipReason, readMemoryFile } from "./read-memory-file.js";
import type { SqliteMemoryStore } from "./sqlite-memory-store.js";
import { isDatabaseLockedError, memoryStoreDiagnostic } from "./sqlite-memory-store-open.js";
import { MEMORY_STORE_LAYOUT } from "./sqlite-memory-store-schema.js";
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
  /**
   * Sync only these index paths, workspace-relative `memory/**.md` notes and `sessions/<id>.jsonl`
   * transcripts (from {@link planMemorySync}): each is indexed when it is a regular file, its rows
   * removed otherwise; other files are left alone. Ignored when a full reindex is due.
   */
  only?: readonly string[];
  /**
   * The agent's transcript folder (`resolveSessionTranscriptsDir`) when session transcripts are a
   * source (memory.md §10), else `undefined`: its `*.jsonl` files are indexed as `sessions/<file>`
   * with source `sessions`. Part of the meta's `sources`, so turning it on or off reindexes.
   */
  sessionsDir?: string;
}

/** What one sync did. Paths are index paths (workspace-relative notes, `sessions/<file>.jsonl` transcripts), sorted. */
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

/** The sources the index holds: the notes when configured, the transcripts when their folder is given. */
function indexedSources(options: SyncMemoryIndexOptions): MemorySource[] {
  return [
    ...(options.settings.sources.includes("memory") ? (["memory"] as const) : []),
    ...(options.sessionsDir === undefined ? [] : (["sessions"] as const)),
  ];
}

function wantedMeta(options: SyncMemoryIndexOptions): Omit<MemoryIndexMeta, "vectorDims"> {
  const { chunking } = options.settings;
  return {
    provider: options.embedder?.id ?? "none",
    model: options.embedder?.model ?? "fts-only",
    providerKey: options.embedder?.providerKey ?? "none",
    sources: indexedSources(options),
    storeLayout: MEMORY_STORE_LAYOUT,
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

/** Files whose rows are written in one transaction, at most; bounds memory and commit count. */
const BATCH_FILES = 256;
/** Chunks embedded and written in one transaction, at most (a batch closes once it reaches this). */
const BATCH_CHUNKS = 2_048;
type PendingFile = { entry: MemoryFileEntry; read: Extract<MemoryFileRead, { ok: true }>; chunks: DocumentChunk[] };

/** Embeds one batch of read files and writes their rows, and the removals, in one transaction. */
async function writeBatch(
  options: SyncMemoryIndexOptions,
  target: MemoryStoreConnection,
  batch: { pending: PendingFile[]; removed: string[] },
  summary: MemorySyncSummary,
): Promise<void> {
  const { runtime, embedder, settings } = options;
  const texts = batch.pending.flatMap(({ chunks }) => chunks.map((chunk) => chunk.text));
  const cache = embedder && settings.cache.enabled ? cacheView(target, embedder, runtime.now()) : undefined;
  const vectors = embedder && texts.length > 0 ? await embedWithCache({ embedder, texts, cache }) : [];
  let next = 0;
  target.writeBatch(() => {
    for (const path of batch.removed) target.deleteFile(path);
    for (const { entry, read, chunks } of batch.pending) {
      target.upsertFile({
        file: { path: entry.path, source: entry.source, hash: read.hash, mtime: read.mtime, size: read.size },
        model: embedder?.model ?? "fts-only",
        chunks: chunks.map((chunk) => ({ ...chunk, embedding: embedder ? vectors[next++]! : [] })),
        now: runtime.now(),
      });
    }
  });
  summary.indexed.push(...batch.pending.map(({ entry }) => entry.path));
}

/** Reads, chunks, embeds and writes the changed files into `target`, in batches; returns what it did. */
async function indexFiles(
  options: SyncMemoryIndexOptions,
  target: MemoryStoreConnection,
  files: readonly MemoryFileEntry[],
  summary: MemorySyncSummary,
  scope?: ReadonlySet<string>,
): Promise<void> {
  const rows = scope === undefined ? target.listFiles() : [...scope].flatMap((path) => target.getFile(path) ?? []);
  const known = new Map(rows.map((file) => [file.path, file]));
  let batch: { pending: PendingFile[]; removed: string[]; chunks: number } = { pending: [], removed: [], chunks: 0 };
  for (const entry of await findChangedMemoryFiles({ fs: options.runtime.fs, files, known })) {
    const read = await readMemoryFile(options.runtime.fs, entry);
    if (!read.ok) {
      summary.skipped.push({ path: entry.path, reason: read.reason });
      if (read.diagnostic) summary.diagnostics.push(read.diagnostic);
      if (read.reason !== "missing" && known.has(entry.path)) batch.removed.push(entry.path);
      continue;
    }
    if (known.get(entry.path)?.hash === read.hash) continue;
    const { chunking } = options.settings;
    const chunks = (
      read.transcript === undefined
        ? chunkDocument({ text: read.text, ...chunking })
        : chunkSessionTranscript({ lines: read.transcript, ...chunking })
    ).filter((chunk) => chunk.text.trim() !== "");
    batch.pending.push({ entry, read, chunks });
    batch.chunks += chunks.length;
    if (batch.pending.length >= BATCH_FILES || batch.chunks >= BATCH_CHUNKS) {
      await writeBatch(options, target, batch, summary);
      batch = { pending: [], removed: [], chunks: 0 };
    }
  }
  const listed = new Set(files.map((file) => file.path));
  const gone = [...known.keys()].filter((path) => !listed.has(path) && (scope === undefined || scope.has(path)));
  await writeBatch(options, target, { pending: batch.pending, removed: [...batch.removed, ...gone] }, summary);
  summary.deleted.push(...gone);
}

function listingOptions(options: SyncMemoryIndexOptions) {
  return {
    fs: options.runtime.fs,
    workspaceDir: options.workspaceDir,
    sources: indexedSources(options),
    ...(options.sessionsDir === undefined ? {} : { sessionsDir: options.sessionsDir }),
  };
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
 * Brings the memory index up to date with the workspace files (memory.md §4.2) and, when
 * `sessionsDir` is set, the session transcripts (§10): lists them (or takes the `only` paths),
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
    const reason = checkMemoryReindex({
      meta: store.readMeta(),
      wanted: wantedMeta(options),
      vectorsAvailable: store.vectorsLoaded && options.embedder !== undefined,
      force: options.force ?? false,
    });
    if (reason === undefined && options.only !== undefined) {
      const entries = await resolveIndexedPaths({ ...listingOptions(options), paths: options.only });
      await indexFiles(options, store, entries, summary, new Set(options.only));
      finish(options, store);
      return summary;
    }
    const listing = await listIndexedFiles({ ...listingOptions(options), extraPaths: options.settings.extraPaths });
    summary.diagnostics.push(...listing.diagnostics);
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
