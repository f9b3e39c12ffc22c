import type { KeywordRow, MemoryChunkRow, MemorySource, VectorRow } from "./memory-candidates.js";
import type { EmbeddingCache } from "./sqlite-memory-store-cache.js";
import type { FtsTokenizer } from "./sqlite-memory-store-schema.js";
import type { VectorCandidatesOptions } from "./sqlite-memory-store-vectors.js";

/** The `memory_index_meta_v1` row (memory.md §3): what the index was built with. */
export interface MemoryIndexMeta {
  /** `MEMORY_STORE_LAYOUT` of the code that wrote the index; absent in indexes written before it existed. */
  storeLayout?: number;
  /** Embedder id, or `"none"` in FTS-only mode. */
  provider: string;
  /** Embedding model, or `"fts-only"`. */
  model: string;
  providerKey: string;
  sources: MemorySource[];
  /** Tokens. */
  chunkTokens: number;
  /** Tokens, after clamping to `[0, chunkTokens − 1]`. */
  chunkOverlap: number;
  ftsTokenizer: FtsTokenizer;
  /** Length of `chunks_vec` vectors; absent without sqlite-vec or vectors. */
  vectorDims?: number;
}

/** One `files` row. */
export interface IndexedMemoryFile {
  /** Workspace-relative with `/` separators. */
  path: string;
  source: MemorySource;
  /** sha256 hex of the file bytes. */
  hash: string;
  /** ms since the epoch. */
  mtime: number;
  /** Bytes. */
  size: number;
}

/** A chunk to store; its hash and id are derived (memory.md §3). */
export interface MemoryChunkInput {
  startLine: number;
  endLine: number;
  text: string;
  /** `[]` in FTS-only mode; otherwise finite numbers, all chunks of one model the same length. */
  embedding: readonly number[];
}

export interface UpsertMemoryFileOptions {
  file: IndexedMemoryFile;
  /** Embedding model (`"fts-only"` without one), stored in `chunks.model` and the chunk id. */
  model: string;
  chunks: readonly MemoryChunkInput[];
  /** ms since the epoch, stored in `chunks.updated_at`. */
  now: number;
}

export interface KeywordCandidatesOptions {
  /** An FTS5 MATCH expression (`buildFtsQuery`). */
  ftsQuery: string;
  model: string;
  limit: number;
}

/** One stored `chunks` row without its embedding (memory.md §3), for audits. */
export interface StoredMemoryChunk extends MemoryChunkRow {
  /** sha256 hex of `text`. */
  hash: string;
  model: string;
}

/** Row counts of the index tables; `vectors` is `undefined` without `chunks_vec` (memory.md §12.4). */
export interface MemoryIndexCounts {
  files: number;
  chunks: number;
  fts: number | undefined;
  vectors: number | undefined;
}

/** Reads and writes of one open memory index database. Methods are synchronous; SQLite errors throw. */
export interface MemoryStoreConnection {
  /** Whether `chunks_fts` exists; without it keyword search returns nothing. */
  readonly ftsAvailable: boolean;
  /** Whether sqlite-vec is loaded; without it vector search is exact cosine in JS. */
  readonly vectorsLoaded: boolean;
  readonly embeddingCache: EmbeddingCache;
  /** Length of `chunks_vec` vectors, `undefined` when the table does not exist. */
  vectorDims(): number | undefined;
  /** Creates `chunks_vec` for `dims`-float vectors when sqlite-vec is loaded; a no-op otherwise. */
  ensureVectorTable(dims: number): void;
  /** The meta row, `undefined` when missing or unreadable (either forces a full reindex). */
  readMeta(): MemoryIndexMeta | undefined;
  writeMeta(meta: MemoryIndexMeta): void;
  /** Every `files` row, sorted by path. */
  listFiles(): IndexedMemoryFile[];
  /** The `files` row of one path, `undefined` when the path is not indexed. */
  getFile(path: string): IndexedMemoryFile | undefined;
  /**
   * Runs `write` in one transaction (nested calls join it): a sync commits a batch of files at
   * once instead of once per file. Rolls back and rethrows when `write` throws.
   */
  writeBatch(write: () => void): void;
  /** Replaces the file's rows (vectors, FTS, chunks) and upserts `files`, in one transaction. */
  upsertFile(options: UpsertMemoryFileOptions): void;
  /** Removes the file's rows from every table; an unknown path is a no-op. */
  deleteFile(path: string): void;
  /** FTS5 matches of `model`, by `bm25` ascending then id; `[]` without FTS5. */
  keywordCandidates(options: KeywordCandidatesOptions): KeywordRow[];
  /** Nearest chunks of `model` by cosine, descending then id; `[]` for an empty query vector. */
  vectorCandidates(options: VectorCandidatesOptions): VectorRow[];
  counts(): MemoryIndexCounts;
  /** Every `chunks` row (no embeddings), sorted by path, start line, then id. */
  listChunks(): StoredMemoryChunk[];
}
