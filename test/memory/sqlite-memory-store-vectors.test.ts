import { describe, expect, it } from "vitest";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-memory-store.js";
import { openStore, tempStorePath } from "./memory-store-fakes.js";

/** A deterministic 8-dim vector per index, with a few signs and magnitudes mixed in. */
function vectorFor(index: number): number[] {
  return Array.from({ length: 8 }, (_, dim) => Math.round(Math.sin((index + 1) * (dim + 3) * 0.77) * 1000) / 100);
}

function fill(store: SqliteMemoryStore): void {
  for (let fileIndex = 0; fileIndex < 4; fileIndex += 1) {
    const chunks = Array.from({ length: 10 }, (_, n) => ({
      startLine: n + 1,
      endLine: n + 1,
      text: `chunk ${fileIndex}-${n}`,
      embedding: vectorFor(fileIndex * 10 + n),
    }));
    chunks.push({ startLine: 20, endLine: 20, text: `zero ${fileIndex}`, embedding: new Array(8).fill(0) });
    chunks.push({ startLine: 21, endLine: 21, text: `twin ${fileIndex}`, embedding: vectorFor(99) });
    const path = `memory/file-${fileIndex}.md`;
    store.upsertFile({ file: { path, source: "memory", hash: path, mtime: 0, size: 0 }, model: "m8", chunks, now: 1 });
  }
  const other = { startLine: 1, endLine: 1, text: "other model", embedding: vectorFor(3) };
  const path = "memory/other.md";
  store.upsertFile({
    file: { path, source: "memory", hash: path, mtime: 0, size: 0 },
    model: "m4",
    chunks: [other],
    now: 1,
  });
}

function bothPaths(): { withVec: SqliteMemoryStore; withJs: SqliteMemoryStore } {
  const withVec = openStore({ path: tempStorePath("vec.sqlite") });
  const withJs = openStore({ path: tempStorePath("js.sqlite"), vector: { enabled: false } });
  fill(withVec);
  fill(withJs);
  return { withVec, withJs };
}

describe("vectorCandidates", () => {
  it("returns the same ids and scores (to 1e-6) through sqlite-vec and through exact JS cosine", () => {
    const { withVec, withJs } = bothPaths();
    expect(withVec.vectorsLoaded).toBe(true);
    expect(withJs.vectorsLoaded).toBe(false);
    for (const query of [
      vectorFor(5),
      vectorFor(99),
      vectorFor(123),
      [1, 0, 0, 0, 0, 0, 0, 0],
      vectorFor(7).map((v) => -v),
    ]) {
      for (const limit of [1, 7, 100]) {
        const viaVec = withVec.vectorCandidates({ embedding: query, model: "m8", limit });
        const viaJs = withJs.vectorCandidates({ embedding: query, model: "m8", limit });
        expect(viaVec.map((row) => row.id)).toEqual(viaJs.map((row) => row.id));
        viaVec.forEach((row, index) => {
          expect(Math.abs(row.score - viaJs[index]!.score)).toBeLessThan(1e-6);
        });
        expect(viaJs).toHaveLength(Math.min(limit, 48));
      }
    }
    withVec.close();
    withJs.close();
  });

  it("scores cosine exactly, 0 for zero vectors, sorted descending then by id, within the model", () => {
    const { withVec, withJs } = bothPaths();
    for (const store of [withVec, withJs]) {
      const rows = store.vectorCandidates({ embedding: vectorFor(99), model: "m8", limit: 100 });
      const twins = rows.slice(0, 4);
      expect(twins.map((row) => row.text).sort()).toEqual(["twin 0", "twin 1", "twin 2", "twin 3"]);
      expect(twins.map((row) => row.id)).toEqual(twins.map((row) => row.id).sort());
      for (const twin of twins) expect(twin.score).toBeCloseTo(1, 6);
      const zeros = rows.filter((row) => row.text.startsWith("zero"));
      expect(zeros.map((row) => row.score)).toEqual([0, 0, 0, 0]);
      expect(rows.every((row, index) => index === 0 || rows[index - 1]!.score >= row.score)).toBe(true);
      expect(rows.some((row) => row.text === "other model")).toBe(false);
      expect(rows[0]).toMatchObject({
        path: expect.stringMatching(/^memory\/file-\d\.md$/),
        source: "memory",
        startLine: 21,
        endLine: 21,
      });
      expect(Object.keys(rows[0]!).sort()).toEqual(["endLine", "id", "path", "score", "source", "startLine", "text"]);
      expect(store.vectorCandidates({ embedding: [], model: "m8", limit: 5 })).toEqual([]);
      expect(store.vectorCandidates({ embedding: [1, 0, 0, 0], model: "m8", limit: 5 })).toEqual([]);
      expect(
        store.vectorCandidates({ embedding: new Array(8).fill(0), model: "m8", limit: 3 }).map((row) => row.score),
      ).toEqual([0, 0, 0]);
      store.close();
    }
  });

  it("matches a hand-computed cosine of 1/√2", () => {
    for (const vector of [{ enabled: true }, { enabled: false }]) {
      const store = openStore({ path: tempStorePath(), vector });
      const chunk = { startLine: 1, endLine: 1, text: "ab", embedding: [1, 1, 0, 0, 0, 0, 0, 0] };
      store.upsertFile({
        file: { path: "MEMORY.md", source: "memory", hash: "h", mtime: 0, size: 0 },
        model: "m8",
        chunks: [chunk],
        now: 1,
      });
      const [row] = store.vectorCandidates({ embedding: [3, 0, 0, 0, 0, 0, 0, 0], model: "m8", limit: 1 });
      expect(row?.score).toBeCloseTo(Math.SQRT1_2, 6);
      store.close();
    }
  });
});
