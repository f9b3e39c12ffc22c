import type Database from "better-sqlite3";
import { ClawEvalError } from "../domain/index.js";
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

/** Cosine similarity; 0 when either norm is 0 or the lengths differ. Pure. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index]!;
    const y = b[index]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return dot / (Math.sqrt(normA) * Math.sqrt(normB));
}

function byScoreThenId(a: VectorRow, b: VectorRow): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const ROW_COLUMNS =
  "c.id AS id, c.path AS path, c.source AS source, c.start_line AS startLine, c.end_line AS endLine, c.text AS text";

/**
 * Exact cosine in JS over `chunks.embedding` (the path without sqlite-vec, memory.md §6.2): rows
 * whose vector length differs from the query's are left out, a zero norm scores 0, non-finite
 * scores are dropped; sorted by score descending, then id.
 */
export function scoreVectorsExactly(db: Database.Database, options: VectorCandidatesOptions): VectorRow[] {
  const rows = db
    .prepare(`SELECT ${ROW_COLUMNS}, c.embedding AS embedding FROM chunks c WHERE c.model = ?`)
    .iterate(options.model) as IterableIterator<MemoryChunkRow & { embedding: string }>;
  const scored: VectorRow[] = [];
  for (const { embedding, ...row } of rows) {
    const vector = JSON.parse(embedding) as unknown;
    if (!Array.isArray(vector) || vector.length === 0 || vector.length !== options.embedding.length) continue;
    const score = cosineSimilarity(options.embedding, vector as number[]);
    if (Number.isFinite(score)) scored.push({ ...row, score });
  }
  return scored.sort(byScoreThenId).slice(0, Math.max(0, options.limit));
}

/**
 * Cosine through sqlite-vec (`1 − vec_distance_cosine`) over `chunks_vec` joined to `chunks`.
 * sqlite-vec gives no distance when a norm is 0; such rows score 0, as in
 * {@link scoreVectorsExactly} (stored vectors are finite, so nothing else lacks one).
 */
export function scoreVectorsWithSqliteVec(db: Database.Database, options: VectorCandidatesOptions): VectorRow[] {
  const rows = db
    .prepare(
      `SELECT ${ROW_COLUMNS}, COALESCE(vec_distance_cosine(v.embedding, ?), 1.0) AS distance
       FROM chunks_vec v JOIN chunks c ON c.id = v.id WHERE c.model = ?
       ORDER BY distance ASC, c.id ASC LIMIT ?`,
    )
    .all(toFloat32Blob(options.embedding), options.model, Math.max(0, options.limit)) as (MemoryChunkRow & {
    distance: number;
  })[];
  return rows.map(({ distance, ...row }) => ({ ...row, score: 1 - distance }));
}
