import { renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type Database from "better-sqlite3";
import { ClawEvalError, type Diagnostic, formatDiagnostic } from "../domain/index.js";
import { expandHome } from "../platform/expand-home.js";
import { createMemoryStoreConnection } from "./sqlite-memory-store-connection.js";
import { type MemoryDatabaseOptions, openMemoryDatabase } from "./sqlite-memory-store-open.js";
import type { FtsTokenizer } from "./sqlite-memory-store-schema.js";
import type { MemoryStoreConnection } from "./sqlite-memory-store-types.js";

/** Default busy timeout: how long a locked database is retried before it is reported, in ms. */
export const MEMORY_STORE_BUSY_TIMEOUT_MS = 1_000;

export interface OpenSqliteMemoryStoreOptions {
  /** Database file (parent folders are created) or `:memory:`. */
  path: string;
  /** `store.fts.tokenizer`; default `unicode61`. */
  ftsTokenizer?: FtsTokenizer;
  /** `store.vector`; default enabled with the bundled sqlite-vec. */
  vector?: { enabled: boolean; extensionPath?: string | undefined };
  /** ms a locked database is retried; default {@link MEMORY_STORE_BUSY_TIMEOUT_MS}. */
  busyTimeoutMs?: number;
  /** FTS rows from which keyword postings are kept in memory; default `KEPT_POSTINGS_MIN_ROWS`. */
  keptPostingsMinRows?: number;
}

/**
 * A memory index (memory.md §3) whose database can be swapped for a rebuilt one. Every
 * {@link MemoryStoreConnection} method acts on the current database; SQLite errors throw (a lock
 * that outlasts the busy timeout throws with code `SQLITE_BUSY`). Methods throw `invariant` after
 * {@link SqliteMemoryStore.close}.
 */
export interface SqliteMemoryStore extends MemoryStoreConnection {
  readonly path: string;
  readonly ftsTokenizer: FtsTokenizer;
  /**
   * Full reindex (memory.md §3.1): builds a fresh database file (`<path>.reindex`, seeded with the
   * embedding cache) through `build`, then swaps it in. If `build` or the swap fails, the fresh
   * file is removed, the current index stays, and the error is rethrown. Reads meanwhile see the
   * current index. One rebuild at a time.
   */
  rebuild(build: (fresh: MemoryStoreConnection) => Promise<void>): Promise<void>;
  close(): void;
}

export type OpenSqliteMemoryStoreResult =
  | { ok: true; store: SqliteMemoryStore; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * `store.path` with `{agentId}` and a leading `~` expanded, a relative path taken from the
 * state dir, `:memory:` as it is; else `<stateDir>/memory/<agentId>.sqlite` (memory.md §2). Pure.
 */
export function resolveMemoryStorePath(options: {
  stateDir: string;
  homeDir: string;
  agentId: string;
  configuredPath?: string;
}): string {
  if (options.configuredPath === undefined) return join(options.stateDir, "memory", `${options.agentId}.sqlite`);
  const path = options.configuredPath.replaceAll("{agentId}", options.agentId);
  return path === ":memory:" ? path : resolve(options.stateDir, expandHome(path, options.homeDir));
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
}

interface ActiveDatabase {
  db: Database.Database;
  connection: MemoryStoreConnection;
}

function openActive(options: MemoryDatabaseOptions & { keptPostingsMinRows?: number | undefined }): {
  active?: ActiveDatabase;
  diagnostics: Diagnostic[];
} {
  const opened = openMemoryDatabase(options);
  if (!opened.ok) return { diagnostics: opened.diagnostics };
  const flags = { ...opened, keptPostingsMinRows: options.keptPostingsMinRows };
  return {
    active: { db: opened.db, connection: createMemoryStoreConnection(opened.db, flags) },
    diagnostics: opened.diagnostics,
  };
}

function ioError(diagnostics: readonly Diagnostic[]): ClawEvalError {
  return new ClawEvalError("io", diagnostics.map(formatDiagnostic).join("\n"));
}

/**
 * Opens the memory index at `options.path` (see {@link openMemoryDatabase} for corrupt and locked
 * files). Never throws: failures come back as `ok: false` with error diagnostics.
 */
export function openSqliteMemoryStore(options: OpenSqliteMemoryStoreOptions): OpenSqliteMemoryStoreResult {
  const databaseOptions: MemoryDatabaseOptions & { keptPostingsMinRows?: number | undefined } = {
    keptPostingsMinRows: options.keptPostingsMinRows,
    path: options.path,
    ftsTokenizer: options.ftsTokenizer ?? "unicode61",
    vector: options.vector ?? { enabled: true },
    busyTimeoutMs: options.busyTimeoutMs ?? MEMORY_STORE_BUSY_TIMEOUT_MS,
  };
  const first = openActive(databaseOptions);
  if (first.active === undefined) return { ok: false, diagnostics: first.diagnostics };
  let state: ActiveDatabase | undefined = first.active;
  let rebuilding = false;
  const current = (): MemoryStoreConnection => {
    if (state === undefined) throw new ClawEvalError("invariant", `the memory store ${options.path} is closed`);
    return state.connection;
  };
  const swapIn = (fresh: ActiveDatabase): void => {
    const inMemory = options.path === ":memory:";
    if (!inMemory) fresh.db.close();
    state?.db.close();
    state = undefined;
    if (inMemory) {
      state = fresh;
      return;
    }
    renameSync(`${options.path}.reindex`, options.path);
    const reopened = openActive(databaseOptions);
    if (reopened.active === undefined) throw ioError(reopened.diagnostics);
    state = reopened.active;
  };
  const store: SqliteMemoryStore = {
    path: options.path,
    ftsTokenizer: databaseOptions.ftsTokenizer,
    get ftsAvailable() {
      return current().ftsAvailable;
    },
    get vectorsLoaded() {
      return current().vectorsLoaded;
    },
    get embeddingCache() {
      return current().embeddingCache;
    },
    vectorDims: () => current().vectorDims(),
    ensureVectorTable: (dims) => current().ensureVectorTable(dims),
    readMeta: () => current().readMeta(),
    writeMeta: (meta) => current().writeMeta(meta),
    listFiles: () => current().listFiles(),
    getFile: (path) => current().getFile(path),
    writeBatch: (write) => current().writeBatch(write),
    upsertFile: (upsert) => current().upsertFile(upsert),
    deleteFile: (path) => current().deleteFile(path),
    keywordCandidates: (query) => current().keywordCandidates(query),
    vectorCandidates: (query) => current().vectorCandidates(query),
    counts: () => current().counts(),
    listChunks: () => current().listChunks(),
    async rebuild(build) {
      const previous = current();
      if (rebuilding) throw new ClawEvalError("invariant", `a rebuild of ${options.path} is already running`);
      rebuilding = true;
      const freshPath = options.path === ":memory:" ? ":memory:" : `${options.path}.reindex`;
      try {
        if (freshPath !== ":memory:") removeDatabaseFiles(freshPath);
        const opened = openActive({ ...databaseOptions, path: freshPath });
        if (opened.active === undefined) throw ioError(opened.diagnostics);
        const fresh = opened.active;
        try {
          previous.embeddingCache.copyInto(fresh.db);
          await build(fresh.connection);
          if (state === undefined)
            throw new ClawEvalError("invariant", `the memory store ${options.path} was closed during a rebuild`);
        } catch (error) {
          fresh.db.close();
          throw error;
        }
        swapIn(fresh);
      } finally {
        rebuilding = false;
        if (freshPath !== ":memory:") removeDatabaseFiles(freshPath);
      }
    },
    close() {
      state?.db.close();
      state = undefined;
    },
  };
  return { ok: true, store, diagnostics: first.diagnostics };
}
