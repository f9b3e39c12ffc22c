import type Database from "better-sqlite3";
import { ClawEvalError } from "../domain/index.js";
import {
  buildKeptVectors,
  forgetVectors,
  type KeptVectors,
  keepVector,
  keptVector,
  rankKeptVectors,
} from "./kept-vectors.js";
import type { MemoryChunkRow, VectorRow } from "./memory-candidates.js";

/** Options of a vector-leg query: the query vector, the index model and the row limit. */
export interface VectorCandidatesOptions {
  embedding: readonly number[];
  /** Only chunks embedded with this model are compared. */
  model: string;
  /** Rows returned at most. */
  limit: number;
}

/** Throws `invalid-input` unless every entry is a finite number; keeps NaN out of both vector paths. */
export function assertFiniteVector(vector: readonly number[], what: string): void {
  if (!vector.every((value) => typeof value === "number" && Number.isFinite(value))) {
    throw new ClawEvalError("invalid-input", `${what} holds a non-finite number`);
  }
}

/** The vector as a little-endian Float32 blob (`chunks_vec.embedding`, memory.md §3). Pure. */
export function toFloat32Blob(vector: readonly number[]): Buffer {
  const blob = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => {
    blob.writeFloatLE(value, index * 4);
  });
  return blob;
}

/** The vector leg of one database (memory.md §6.2). */
export interface VectorSearch {
  /** Nearest chunks of `model` by cosine, descending then id; `[]` for an empty query vector. */
  candidates(options: VectorCandidatesOptions): VectorRow[];
  /** Adds a `chunks_vec` row (the table must exist). */
  insert(id: string, blob: Buffer): void;
  /** Chunks about to be deleted: their vectors leave the in-memory copies. */
  forget(ids: readonly string[]): void;
  /** A chunk just stored: its vector joins the in-memory copies of its model. */
  keep(id: string, model: string, embedding: readonly number[]): void;
  /** Drops every in-memory copy (after a failed write, whose rollback they cannot follow). */
  invalidate(): void;
}

interface Scored {
  id: string;
  /** Cosine distance (`1 − similarity`); lower is nearer. */
  distance: number;
}

function byDistanceThenId(a: Scored, b: Scored): number {
  if (a.distance !== b.distance) return a.distance - b.distance;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A query with at most one non-zero entry in four (a hash-embedder query) takes the sparse path. */
function isSparse(vector: readonly number[]): boolean {
  let nonZero = 0;
  for (const value of vector) if (value !== 0) nonZero += 1;
  return nonZero * 4 <= vector.length;
}

/**
 * How far a cosine computed in float32 over `dims` entries can be from the same cosine computed
 * in double, generously: about 16 times the worst-case rounding of a `dims`-term float32 sum.
 */
function roundingBound(dims: number): number {
  return Math.max(1e-6, dims * 2 ** -20);
}

const ROW_COLUMNS = "id, path, source, start_line AS startLine, end_line AS endLine, text";

/**
 * The vector leg. With `chunks_vec`: a sparse query (hash embedder) is scored in JS column by
 * column and only the rows that could make the cut are measured by sqlite-vec; otherwise
 * sqlite-vec's nearest-neighbour query for `limit + 1` rows,
 * used only when it provably gives the full scan's answer (every row has a distance and the
 * model, and no tie straddles the limit), else a full scan ordered by distance then id; a row
 * without a distance (a zero vector) scores 0. Without it: exact cosine in JS over the stored
 * JSON vectors of the model (parsed once into {@link KeptVectors}, then kept in step with writes), rows of another length
 * left out, a zero norm scoring 0, non-finite scores dropped, by score descending then id.
 */
export function createVectorSearch(
  db: Database.Database,
  options: { hasVectorTable: () => boolean; vectorDims: () => number | undefined },
): VectorSearch {
  const kept = new Map<string, { model: string; vectors: KeptVectors }>();
  // Prepared on first use: the function exists only when sqlite-vec is loaded.
  let distanceOf: Database.Statement | undefined;
  const rowsOf = (ids: readonly string[]) => {
    const rows = db
      .prepare(`SELECT ${ROW_COLUMNS}, model FROM chunks WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as (MemoryChunkRow & { model: string })[];
    return new Map(rows.map((row) => [row.id, row]));
  };
  const toRows = (scored: readonly Scored[], rows: Map<string, MemoryChunkRow & { model: string }>): VectorRow[] =>
    scored.flatMap(({ id, distance }) => {
      const row = rows.get(id);
      if (row === undefined) return [];
      const { model: _model, ...rest } = row;
      return [{ ...rest, score: 1 - distance }];
    });
  const fullScan = (blob: Buffer, model: string, limit: number): VectorRow[] => {
    const rows = db
      .prepare(
        `SELECT c.id AS id, c.path AS path, c.source AS source, c.start_line AS startLine, c.end_line AS endLine,
                c.text AS text, COALESCE(vec_distance_cosine(v.embedding, ?), 1.0) AS distance
         FROM chunks_vec v JOIN chunks c ON c.id = v.id WHERE c.model = ?
         ORDER BY distance ASC, c.id ASC LIMIT ?`,
      )
      .all(blob, model, limit) as (MemoryChunkRow & { distance: number })[];
    return rows.map(({ distance, ...row }) => ({ ...row, score: 1 - distance }));
  };
  const withSqliteVec = (query: VectorCandidatesOptions, limit: number): VectorRow[] => {
    if (options.vectorDims() !== query.embedding.length) return [];
    const blob = toFloat32Blob(query.embedding);
    const near = db
      .prepare("SELECT id, distance FROM chunks_vec WHERE embedding MATCH ? AND k = ?")
      .all(blob, limit + 1) as { id: string; distance: number | null }[];
    const rows = rowsOf(near.map((row) => row.id));
    const scored = near.filter((row): row is Scored => row.distance !== null).sort(byDistanceThenId);
    const exact =
      scored.length === near.length &&
      near.every((row) => rows.get(row.id)?.model === query.model) &&
      (scored.length <= limit || scored[limit - 1]!.distance < scored[limit]!.distance);
    return exact ? toRows(scored.slice(0, limit), rows) : fullScan(blob, query.model, limit);
  };
  const vectorsFor = (model: string, dims: number, float32: boolean): KeptVectors => {
    const key = `${float32 ? "f32" : "f64"}:${dims}:${model}`;
    const found = kept.get(key);
    if (found !== undefined) return found.vectors;
    const rows = float32
      ? (
          db
            .prepare(
              "SELECT v.id AS id, v.embedding AS blob FROM chunks_vec v JOIN chunks c ON c.id = v.id WHERE c.model = ?",
            )
            .all(model) as { id: string; blob: Buffer }[]
        ).map(({ id, blob }) => ({ id, vector: new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4) }))
      : (
          db.prepare("SELECT id, embedding FROM chunks WHERE model = ?").all(model) as {
            id: string;
            embedding: string;
          }[]
        )
          .map(({ id, embedding }) => ({ id, vector: JSON.parse(embedding) as unknown }))
          .filter((row): row is { id: string; vector: number[] } => Array.isArray(row.vector));
    const vectors = buildKeptVectors({ rows, dims, float32 });
    kept.set(key, { model, vectors });
    return vectors;
  };
  const inJs = (query: VectorCandidatesOptions, limit: number): VectorRow[] => {
    const stored = vectorsFor(query.model, query.embedding.length, false);
    const { scores, top: slots } = rankKeptVectors(stored, query.embedding, { limit, margin: 0 });
    const top = slots.map((slot) => ({ id: stored.ids[slot]!, score: scores[slot]! }));
    const rows = rowsOf(top.map((row) => row.id));
    return top.flatMap(({ id, score }) => {
      const row = rows.get(id);
      if (row === undefined) return [];
      const { model: _model, ...rest } = row;
      return [{ ...rest, score }];
    });
  };
  /**
   * A sparse query with sqlite-vec: scores every vector in JS (double arithmetic on the stored
   * float32 values), keeps each row that could still make the top `limit` once sqlite-vec's own
   * float32 arithmetic is used (a margin of twice the rounding bound; rows sharing no non-zero
   * entry with the query are exactly 0 in both and tie by id), has sqlite-vec's distance
   * function measure those few, and ranks them. `undefined` when too many rows sit inside the margin.
   */
  const sparseWithSqliteVec = (query: VectorCandidatesOptions, limit: number): VectorRow[] | undefined => {
    const dims = query.embedding.length;
    const stored = vectorsFor(query.model, dims, true);
    const ranking = rankKeptVectors(stored, query.embedding.map(Math.fround), {
      limit,
      margin: 2 * roundingBound(dims),
    });
    const overlapping = ranking.near;
    const disjoint = ranking.disjoint.map((slot): Scored => ({ id: stored.ids[slot]!, distance: 1 }));
    if (overlapping.length > limit * 4 + 64) return undefined;
    const queryBlob = toFloat32Blob(query.embedding);
    const exact = overlapping.map((slot): Scored => {
      distanceOf ??= db.prepare("SELECT vec_distance_cosine(?, ?)").pluck();
      const vector = keptVector(stored, slot);
      const blob = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
      const distance = distanceOf.get(queryBlob, blob) as number | null;
      return { id: stored.ids[slot]!, distance: distance ?? 1 };
    });
    const ranked = [...exact, ...disjoint].sort(byDistanceThenId).slice(0, limit);
    return toRows(ranked, rowsOf(ranked.map((row) => row.id)));
  };
  let insert: Database.Statement | undefined;
  return {
    candidates(query) {
      if (query.embedding.length === 0) return [];
      assertFiniteVector(query.embedding, "the query embedding");
      const limit = Math.max(0, Math.floor(query.limit));
      if (limit === 0) return [];
      if (!options.hasVectorTable()) return inJs(query, limit);
      if (options.vectorDims() !== query.embedding.length) return [];
      const sparse = isSparse(query.embedding) ? sparseWithSqliteVec(query, limit) : undefined;
      return sparse ?? withSqliteVec(query, limit);
    },
    insert: (id, blob) => {
      // Prepared on first use: the table is created when the first vector arrives.
      insert ??= db.prepare("INSERT INTO chunks_vec (id, embedding) VALUES (?, ?)");
      insert.run(id, blob);
    },
    forget(ids) {
      for (const { vectors } of kept.values()) forgetVectors(vectors, ids);
    },
    keep(id, model, embedding) {
      for (const entry of kept.values()) if (entry.model === model) keepVector(entry.vectors, id, embedding);
    },
    invalidate: () => kept.clear(),
  };
}
