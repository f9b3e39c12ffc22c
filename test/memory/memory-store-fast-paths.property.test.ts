// Guards the fast search paths against: a cut that drops a row tying at the limit, float32 vs
// double rounding reordering near-equal scores, zero vectors or disjoint rows ranked out of id
// order, rows of another model leaking in, and stale vectors kept after a write.
import Database from "better-sqlite3";
import fc from "fast-check";
import * as sqliteVec from "sqlite-vec";
import { describe, expect, it } from "vitest";
import { toFloat32Blob } from "../../src/memory/sqlite-memory-store-vectors.js";
import { assertProperty } from "../support/assert-property.js";
import { openStore, tempStorePath, writeModelMeta } from "./memory-store-fakes.js";

const DIMS = 16;
/** Small integer entries make exact ties, zero vectors and disjoint supports common. */
const entry = fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.integer({ min: -3, max: 3 }));
const vector = fc.array(entry, { minLength: DIMS, maxLength: DIMS });
const sparseQuery = fc
  .array(fc.tuple(fc.integer({ min: 0, max: DIMS - 1 }), fc.integer({ min: -4, max: 4 })), { maxLength: 4 })
  .map((pairs) => {
    const query = new Array<number>(DIMS).fill(0);
    for (const [index, value] of pairs) query[index] = value / 3;
    return query;
  });
const query = fc.oneof(
  sparseQuery,
  vector.map((values) => values.map((value) => value / 7)),
);
const files = fc.array(
  fc.record({ chunks: fc.array(vector, { minLength: 1, maxLength: 6 }), otherModel: fc.boolean() }),
  { minLength: 1, maxLength: 8 },
);

type Files = { chunks: number[][]; otherModel: boolean }[];

function fill(path: string, vectors: boolean, content: Files) {
  const store = openStore({ path, vector: { enabled: vectors } });
  content.forEach((file, index) => {
    const name = `memory/f${index}.md`;
    store.upsertFile({
      file: { path: name, source: "memory", hash: name, mtime: 0, size: 0 },
      model: file.otherModel ? "other" : "m",
      chunks: file.chunks.map((embedding, line) => ({
        startLine: line + 1,
        endLine: line + 1,
        text: `c${line}`,
        embedding,
      })),
      now: 1,
    });
  });
  writeModelMeta(store, "hash");
  return store;
}

/** Writes the last file after a first search: the in-memory vectors must follow the write. */
function upsertLast(store: ReturnType<typeof openStore>, content: Files): void {
  const last = content.at(-1)!;
  const name = `memory/f${content.length - 1}.md`;
  store.upsertFile({
    file: { path: name, source: "memory", hash: name, mtime: 0, size: 0 },
    model: last.otherModel ? "other" : "m",
    chunks: last.chunks.map((values, line) => ({
      startLine: line + 1,
      endLine: line + 1,
      text: `c${line}`,
      embedding: values,
    })),
    now: 1,
  });
  // Replacing a file's rows must also drop the vectors it had.
  if (content.length > 1) store.deleteFile("memory/f0.md");
}

/** The plain full scan through sqlite-vec: every row of the model, by distance then id. */
function fullScan(path: string, embedding: number[], limit: number) {
  const db = new Database(path, { readonly: true });
  sqliteVec.load(db);
  const rows = db
    .prepare(
      `SELECT c.id AS id, COALESCE(vec_distance_cosine(v.embedding, ?), 1.0) AS distance
       FROM chunks_vec v JOIN chunks c ON c.id = v.id WHERE c.model = 'm' ORDER BY distance ASC, c.id ASC LIMIT ?`,
    )
    .all(toFloat32Blob(embedding), limit) as { id: string; distance: number }[];
  db.close();
  return rows.map((row) => ({ id: row.id, score: 1 - row.distance }));
}

/** The plain JS cosine over every row of the model, by score then id. */
function jsReference(content: Files, store: ReturnType<typeof openStore>, embedding: number[], limit: number) {
  const ids = store.listChunks().filter((chunk) => chunk.model === "m");
  const vectors = new Map<string, number[]>();
  content.forEach((file, index) => {
    if (file.otherModel) return;
    file.chunks.forEach((chunk, line) => {
      const id = ids.find((row) => row.path === `memory/f${index}.md` && row.startLine === line + 1)?.id;
      if (id !== undefined) vectors.set(id, chunk);
    });
  });
  const scored = [...vectors].map(([id, values]) => {
    let dot = 0;
    let a = 0;
    let b = 0;
    values.forEach((value, d) => {
      dot += embedding[d]! * value;
      a += embedding[d]! * embedding[d]!;
      b += value * value;
    });
    return { id, score: a === 0 || b === 0 ? 0 : dot / (Math.sqrt(a) * Math.sqrt(b)) };
  });
  return scored.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)).slice(0, limit);
}

describe("vector search fast paths", () => {
  it("sqlite-vec search returns exactly the full scan's rows and scores, for sparse and dense queries, across writes", () => {
    assertProperty(
      fc.property(files, query, fc.integer({ min: 1, max: 12 }), (content, embedding, limit) => {
        const path = tempStorePath();
        const store = fill(path, true, content.slice(0, -1));
        store.vectorCandidates({ embedding, model: "m", limit });
        upsertLast(store, content);
        const found = store.vectorCandidates({ embedding, model: "m", limit });
        store.close();
        expect(found.map((row) => ({ id: row.id, score: row.score }))).toEqual(fullScan(path, embedding, limit));
      }),
      { numRuns: 60 },
    );
  });

  it("JS search returns exactly the plain cosine ranking, and sees vectors written after a search", () => {
    assertProperty(
      fc.property(files, query, fc.integer({ min: 1, max: 12 }), (content, embedding, limit) => {
        const store = fill(tempStorePath(), false, content.slice(0, -1));
        store.vectorCandidates({ embedding, model: "m", limit });
        upsertLast(store, content);
        const found = store.vectorCandidates({ embedding, model: "m", limit });
        expect(found.map((row) => ({ id: row.id, score: row.score }))).toEqual(
          jsReference(content, store, embedding, limit),
        );
        store.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe("keyword search fast path", () => {
  const words = ["alpha", "beta", "gamma", "delta"];
  const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }).map((list) => list.join(" "));
  it("returns exactly the plain FTS query's rows and ranks, ties at the limit included", () => {
    assertProperty(
      fc.property(
        fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...words),
        fc.integer({ min: 1, max: 8 }),
        (notes, word, limit) => {
          const path = tempStorePath();
          const store = fill(path, false, []);
          notes.forEach((chunks, index) => {
            const name = `memory/n${index}.md`;
            store.upsertFile({
              file: { path: name, source: "memory", hash: name, mtime: 0, size: 0 },
              model: "m",
              chunks: chunks.map((chunk, line) => ({
                startLine: line + 1,
                endLine: line + 1,
                text: chunk,
                embedding: [],
              })),
              now: 1,
            });
          });
          const found = store.keywordCandidates({ ftsQuery: `"${word}"`, model: "m", limit });
          store.close();
          const db = new Database(path, { readonly: true });
          const plain = db
            .prepare(
              `SELECT id, bm25(chunks_fts) AS rank FROM chunks_fts WHERE chunks_fts MATCH ? AND model = 'm'
               ORDER BY rank ASC, id ASC LIMIT ?`,
            )
            .all(`"${word}"`, limit);
          db.close();
          expect(found.map((row) => ({ id: row.id, rank: row.rank }))).toEqual(plain);
        },
      ),
      { numRuns: 60 },
    );
  });
});
