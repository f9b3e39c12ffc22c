import type Database from "better-sqlite3";
import type { KeywordRow } from "./memory-candidates.js";
import { createEmbeddingCache } from "./sqlite-memory-store-cache.js";
import { memoryChunkId, sha256Hex } from "./sqlite-memory-store-ids.js";
import { ensureVectorTable, MEMORY_INDEX_META_KEY, readVectorTableDims } from "./sqlite-memory-store-schema.js";
import type {
  IndexedMemoryFile,
  MemoryIndexMeta,
  MemoryStoreConnection,
  UpsertMemoryFileOptions,
} from "./sqlite-memory-store-types.js";
import {
  assertFiniteVector,
  scoreVectorsExactly,
  scoreVectorsWithSqliteVec,
  toFloat32Blob,
} from "./sqlite-memory-store-vectors.js";

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

/** The operations of {@link MemoryStoreConnection} over an open database with the §3 schema. */
export function createMemoryStoreConnection(
  db: Database.Database,
  flags: { ftsAvailable: boolean; vectorsLoaded: boolean },
): MemoryStoreConnection {
  const { ftsAvailable, vectorsLoaded } = flags;
  const hasVectorTable = () => vectorsLoaded && readVectorTableDims(db) !== undefined;
  const insertChunk = db.prepare(
    `INSERT INTO chunks (id, path, source, start_line, end_line, hash, model, text, embedding, updated_at)
     VALUES (@id, @path, @source, @startLine, @endLine, @hash, @model, @text, @embedding, @now)`,
  );
  const insertFts = ftsAvailable
    ? db.prepare(
        `INSERT INTO chunks_fts (text, id, path, source, model, start_line, end_line)
         VALUES (@text, @id, @path, @source, @model, @startLine, @endLine)`,
      )
    : undefined;
  const upsertFileRow = db.prepare(
    "INSERT OR REPLACE INTO files (path, source, hash, mtime, size) VALUES (@path, @source, @hash, @mtime, @size)",
  );
  const deleteRows = (path: string) => {
    if (hasVectorTable())
      db.prepare("DELETE FROM chunks_vec WHERE id IN (SELECT id FROM chunks WHERE path = ?)").run(path);
    if (ftsAvailable) db.prepare("DELETE FROM chunks_fts WHERE path = ?").run(path);
    db.prepare("DELETE FROM chunks WHERE path = ?").run(path);
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
      insertChunk.run({ ...row, embedding: JSON.stringify(chunk.embedding) });
      insertFts?.run(row);
      if (vectorsLoaded && chunk.embedding.length > 0) {
        ensureVectorTable(db, chunk.embedding.length);
        db.prepare("INSERT INTO chunks_vec (id, embedding) VALUES (?, ?)").run(id, toFloat32Blob(chunk.embedding));
      }
    }
    upsertFileRow.run(file);
  });
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number }).count;
  return {
    ftsAvailable,
    vectorsLoaded,
    embeddingCache: createEmbeddingCache(db),
    vectorDims: () => readVectorTableDims(db),
    ensureVectorTable(dims) {
      if (vectorsLoaded) ensureVectorTable(db, dims);
    },
    readMeta() {
      const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(MEMORY_INDEX_META_KEY) as
        | { value: string }
        | undefined;
      return row === undefined ? undefined : parseMeta(row.value);
    },
    writeMeta(meta) {
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
        MEMORY_INDEX_META_KEY,
        JSON.stringify(meta),
      );
    },
    listFiles: () =>
      db.prepare("SELECT path, source, hash, mtime, size FROM files ORDER BY path").all() as IndexedMemoryFile[],
    upsertFile: (options) => upsertFile(options),
    deleteFile: db.transaction((path: string) => {
      deleteRows(path);
      db.prepare("DELETE FROM files WHERE path = ?").run(path);
    }),
    keywordCandidates(options) {
      if (!ftsAvailable) return [];
      return db
        .prepare(
          `SELECT id, path, source, start_line AS startLine, end_line AS endLine, text, bm25(chunks_fts) AS rank
           FROM chunks_fts WHERE chunks_fts MATCH ? AND model = ? ORDER BY rank ASC, id ASC LIMIT ?`,
        )
        .all(options.ftsQuery, options.model, Math.max(0, options.limit)) as KeywordRow[];
    },
    vectorCandidates(options) {
      if (options.embedding.length === 0) return [];
      assertFiniteVector(options.embedding, "the query embedding");
      if (!hasVectorTable()) return scoreVectorsExactly(db, options);
      if (readVectorTableDims(db) !== options.embedding.length) return [];
      return scoreVectorsWithSqliteVec(db, options);
    },
    counts: () => ({
      files: count("files"),
      chunks: count("chunks"),
      fts: ftsAvailable ? count("chunks_fts") : undefined,
      vectors: hasVectorTable() ? count("chunks_vec") : undefined,
    }),
  };
}
