import type Database from "better-sqlite3";
import { createEmbeddingCache } from "./sqlite-memory-store-cache.js";
import { memoryChunkId, sha256Hex } from "./sqlite-memory-store-ids.js";
import { createKeywordSearch } from "./sqlite-memory-store-keyword.js";
import { ensureVectorTable, MEMORY_INDEX_META_KEY, readVectorTableDims } from "./sqlite-memory-store-schema.js";
import type {
  IndexedMemoryFile,
  MemoryIndexMeta,
  MemoryStoreConnection,
  StoredMemoryChunk,
  UpsertMemoryFileOptions,
} from "./sqlite-memory-store-types.js";
import { assertFiniteVector, createVectorSearch, toFloat32Blob } from "./sqlite-memory-store-vectors.js";

function parseMeta(value: string): MemoryIndexMeta | undefined {
  try {
    const meta = JSON.parse(value) as Partial<MemoryIndexMeta> | null;
    if (typeof meta?.provider !== "string" || typeof meta.model !== "string") return undefined;
    return meta as MemoryIndexMeta;
  } catch {
    // An unreadable meta row means "rebuild", which is what undefined triggers.
    return undefined;
  }
}

/**
 * The operations of {@link MemoryStoreConnection} over an open database with the §3 schema.
 * `chunks_fts` rows share the rowid of their `chunks` row, so a file's rows are found through
 * the `chunks.path` index instead of a scan of the FTS table. The meta row and the vector table's
 * length are read once and kept in step with this connection's writes (one writer per index).
 */
export function createMemoryStoreConnection(
  db: Database.Database,
  flags: { ftsAvailable: boolean; vectorsLoaded: boolean; keptPostingsMinRows?: number | undefined },
): MemoryStoreConnection {
  const { ftsAvailable, vectorsLoaded } = flags;
  let dims: number | undefined = readVectorTableDims(db);
  let meta: MemoryIndexMeta | undefined;
  let metaRead = false;
  const readMeta = (): MemoryIndexMeta | undefined => {
    if (metaRead) return meta;
    const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(MEMORY_INDEX_META_KEY) as
      | { value: string }
      | undefined;
    meta = row === undefined ? undefined : parseMeta(row.value);
    metaRead = true;
    return meta;
  };
  const hasVectorTable = () => vectorsLoaded && dims !== undefined;
  const vectors = createVectorSearch(db, { hasVectorTable: () => hasVectorTable(), vectorDims: () => dims });
  const keywords = createKeywordSearch(db, {
    ftsAvailable,
    indexModel: () => readMeta()?.model,
    keptPostingsMinRows: flags.keptPostingsMinRows,
  });
  const insertChunk = db.prepare(
    `INSERT INTO chunks (id, path, source, start_line, end_line, hash, model, text, embedding, updated_at)
     VALUES (@id, @path, @source, @startLine, @endLine, @hash, @model, @text, @embedding, @now)`,
  );
  const insertFts = ftsAvailable
    ? db.prepare(
        `INSERT INTO chunks_fts (rowid, text, id, path, source, model, start_line, end_line)
         VALUES (@rowid, @text, @id, @path, @source, @model, @startLine, @endLine)`,
      )
    : undefined;
  const deleteFts = ftsAvailable
    ? db.prepare("DELETE FROM chunks_fts WHERE rowid IN (SELECT rowid FROM chunks WHERE path = ?)")
    : undefined;
  const deleteChunks = db.prepare("DELETE FROM chunks WHERE path = ?");
  const hasChunks = db.prepare("SELECT 1 FROM chunks WHERE path = ? LIMIT 1").pluck();
  const rowsOfPath = db.prepare("SELECT rowid, id FROM chunks WHERE path = ?").raw();
  const upsertFileRow = db.prepare(
    "INSERT OR REPLACE INTO files (path, source, hash, mtime, size) VALUES (@path, @source, @hash, @mtime, @size)",
  );
  const deleteFileRow = db.prepare("DELETE FROM files WHERE path = ?");
  const fileRow = db.prepare("SELECT path, source, hash, mtime, size FROM files WHERE path = ?");
  const deleteRows = (path: string) => {
    if (hasChunks.get(path) === undefined) return;
    const rows = rowsOfPath.all(path) as [number, string][];
    const ids = rows.map(([, id]) => id);
    vectors.forget(ids);
    keywords.forget(rows.map(([rowid]) => rowid));
    if (hasVectorTable()) {
      // One lookup per id: sqlite-vec answers an IN list by scanning the whole table.
      const remove = db.prepare("DELETE FROM chunks_vec WHERE id = ?");
      for (const id of ids) remove.run(id);
    }
    deleteFts?.run(path);
    deleteChunks.run(path);
  };
  const ensureDims = (length: number) => {
    if (!vectorsLoaded || dims === length) return;
    ensureVectorTable(db, length);
    dims = length;
  };
  const upsertFile = db.transaction((options: UpsertMemoryFileOptions) => {
    const { file, model } = options;
    deleteRows(file.path);
    const stored = new Set<string>();
    for (const chunk of options.chunks) {
      assertFiniteVector(chunk.embedding, `the embedding of ${file.path}:${chunk.startLine}`);
      const hash = sha256Hex(chunk.text);
      const id = memoryChunkId({ ...chunk, source: file.source, path: file.path, hash, model });
      // Equal segments of one long line can give equal chunks; one row stands for them.
      if (stored.has(id)) continue;
      stored.add(id);
      const row = { ...chunk, id, hash, model, path: file.path, source: file.source, now: options.now };
      const { lastInsertRowid } = insertChunk.run({ ...row, embedding: JSON.stringify(chunk.embedding) });
      insertFts?.run({ ...row, rowid: lastInsertRowid });
      keywords.keep(Number(lastInsertRowid), chunk.text);
      vectors.keep(id, model, chunk.embedding);
      if (vectorsLoaded && chunk.embedding.length > 0) {
        ensureDims(chunk.embedding.length);
        vectors.insert(id, toFloat32Blob(chunk.embedding));
      }
    }
    upsertFileRow.run(file);
  });
  const deleteFile = db.transaction((path: string) => {
    deleteRows(path);
    deleteFileRow.run(path);
  });
  const batch = db.transaction((write: () => void) => write());
  /** Runs a write; when it fails (and rolls back), the in-memory vectors are dropped, not trusted. */
  const guarded = <T>(write: () => T): T => {
    try {
      return write();
    } catch (error) {
      vectors.invalidate();
      keywords.invalidate();
      throw error;
    }
  };
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number }).count;
  return {
    ftsAvailable,
    vectorsLoaded,
    embeddingCache: createEmbeddingCache(db),
    vectorDims: () => dims,
    ensureVectorTable: (length) => ensureDims(length),
    readMeta,
    writeMeta(next) {
      const value = JSON.stringify(next);
      if (metaRead && meta !== undefined && JSON.stringify(meta) === value) return;
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(MEMORY_INDEX_META_KEY, value);
      meta = parseMeta(value);
      metaRead = true;
    },
    writeBatch: (write) => guarded(() => batch(write)),
    listFiles: () =>
      db.prepare("SELECT path, source, hash, mtime, size FROM files ORDER BY path").all() as IndexedMemoryFile[],
    getFile: (path) => fileRow.get(path) as IndexedMemoryFile | undefined,
    upsertFile: (options) => guarded(() => upsertFile(options)),
    deleteFile: (path) => guarded(() => deleteFile(path)),
    keywordCandidates: (options) => keywords.candidates(options),
    vectorCandidates: (options) => vectors.candidates(options),
    listChunks: () =>
      db
        .prepare(
          `SELECT id, path, source, start_line AS startLine, end_line AS endLine, text, hash, model
           FROM chunks ORDER BY path, start_line, id`,
        )
        .all() as StoredMemoryChunk[],
    counts: () => ({
      files: count("files"),
      chunks: count("chunks"),
      fts: ftsAvailable ? count("chunks_fts") : undefined,
      vectors: hasVectorTable() ? count("chunks_vec") : undefined,
    }),
  };
}
