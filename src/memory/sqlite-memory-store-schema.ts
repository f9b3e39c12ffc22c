import type Database from "better-sqlite3";
import { ClawEvalError, errorMessage } from "../domain/index.js";

/** The `meta` key of the index description (memory.md §3). */
export const MEMORY_INDEX_META_KEY = "memory_index_meta_v1";

/**
 * Version of how rows are laid out (stored in the meta row as `storeLayout`); an index written
 * with another layout gets a full reindex. 2: `chunks_fts.rowid` equals `chunks.rowid`, and
 * `chunks_vec` measures cosine distance.
 */
export const MEMORY_STORE_LAYOUT = 2;

/** FTS5 tokenizers the config allows (`store.fts.tokenizer`). */
export type FtsTokenizer = "unicode61" | "trigram";

const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY,
  source TEXT NOT NULL DEFAULT 'memory',
  hash TEXT NOT NULL,
  mtime INTEGER NOT NULL,
  size INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks (
  id TEXT PRIMARY KEY,
  path TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'memory',
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  hash TEXT NOT NULL,
  model TEXT NOT NULL,
  text TEXT NOT NULL,
  embedding TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_chunks_path ON chunks(path);
CREATE INDEX IF NOT EXISTS idx_chunks_source ON chunks(source);
CREATE TABLE IF NOT EXISTS embedding_cache (
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  provider_key TEXT NOT NULL,
  hash TEXT NOT NULL,
  embedding TEXT NOT NULL,
  dims INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (provider, model, provider_key, hash)
);
CREATE INDEX IF NOT EXISTS idx_embedding_cache_updated_at ON embedding_cache(updated_at);
`;

/** What {@link applyMemoryStoreSchema} could create; a missing FTS5 is not an error (memory.md §3). */
export interface MemorySchemaOutcome {
  ftsAvailable: boolean;
  /** Why `chunks_fts` could not be created, when it could not. */
  ftsError?: string;
}

/**
 * Creates the memory index tables and indexes of memory.md §3 when missing, and `chunks_fts`
 * with the given tokenizer. An existing `chunks_fts` keeps the tokenizer it was built with (a
 * tokenizer change is a full reindex into a fresh file). Errors other than FTS5 creation throw.
 */
export function applyMemoryStoreSchema(
  db: Database.Database,
  options: { ftsTokenizer: FtsTokenizer },
): MemorySchemaOutcome {
  db.exec(TABLES);
  try {
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(text, id UNINDEXED, path UNINDEXED, source UNINDEXED, model UNINDEXED, start_line UNINDEXED, end_line UNINDEXED, tokenize='${options.ftsTokenizer}')`,
    );
    return { ftsAvailable: true };
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") throw error;
    return { ftsAvailable: false, ftsError: errorMessage(error) };
  }
}

/** The length of `chunks_vec` vectors, or `undefined` when the table does not exist. */
export function readVectorTableDims(db: Database.Database): number | undefined {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunks_vec'").get() as
    | { sql: string | null }
    | undefined;
  const dims = row?.sql?.match(/float\[(\d+)\]/i)?.[1];
  return dims === undefined ? undefined : Number(dims);
}

/**
 * Creates `chunks_vec` for vectors of `dims` floats (sqlite-vec must be loaded). Throws an
 * `invariant` error when the table exists with another length: that needs a full reindex.
 */
export function ensureVectorTable(db: Database.Database, dims: number): void {
  const existing = readVectorTableDims(db);
  if (existing === dims) return;
  if (existing !== undefined) {
    throw new ClawEvalError(
      "invariant",
      `chunks_vec holds ${existing}-dim vectors, not ${dims}; a full reindex is needed`,
    );
  }
  if (!Number.isInteger(dims) || dims < 1)
    throw new ClawEvalError("invalid-input", `vector dims must be a positive integer, found ${dims}`);
  db.exec(
    `CREATE VIRTUAL TABLE chunks_vec USING vec0(id TEXT PRIMARY KEY, embedding FLOAT[${dims}] distance_metric=cosine)`,
  );
}
