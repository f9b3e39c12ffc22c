import { describe, expect, it } from "vitest";
import { checkMemoryIndexConsistency, type MemoryIndexState } from "../../src/memory/check-memory-index-consistency.js";
import { memoryChunkId, sha256Hex } from "../../src/memory/sqlite-memory-store-ids.js";
import type { MemoryIndexMeta, StoredMemoryChunk } from "../../src/memory/sqlite-memory-store-types.js";

const META: MemoryIndexMeta = {
  provider: "none",
  model: "fts-only",
  providerKey: "none",
  sources: ["memory"],
  chunkTokens: 400,
  chunkOverlap: 80,
  ftsTokenizer: "unicode61",
};

const TEXT = "# Memory\n- Alice lives in Xuhui.";

function chunk(path: string, text: string, model = "fts-only"): StoredMemoryChunk {
  const hash = sha256Hex(text);
  const parts = { source: "memory" as const, path, startLine: 1, endLine: 2, hash, model };
  return { ...parts, id: memoryChunkId(parts), text };
}

/** One note, one chunk, all in agreement; `overrides` plant a fault. */
function state(overrides: Partial<MemoryIndexState> = {}): MemoryIndexState {
  return {
    counts: { files: 1, chunks: 1, fts: 1, vectors: undefined },
    meta: META,
    files: [{ path: "MEMORY.md", source: "memory", hash: sha256Hex(TEXT), mtime: 0, size: TEXT.length }],
    chunks: [chunk("MEMORY.md", TEXT)],
    notes: [{ path: "MEMORY.md", hash: sha256Hex(TEXT) }],
    ...overrides,
  };
}

describe("checkMemoryIndexConsistency", () => {
  it("passes an index that agrees with its notes", () => {
    expect(checkMemoryIndexConsistency(state())).toEqual({ ok: true, files: 1, chunks: 1, problems: [] });
    expect(checkMemoryIndexConsistency(state({ counts: { files: 1, chunks: 1, fts: undefined, vectors: 1 } })).ok).toBe(
      true,
    );
  });

  it("reports vector and full-text tables whose row counts differ from chunks", () => {
    const result = checkMemoryIndexConsistency(state({ counts: { files: 1, chunks: 1, fts: 2, vectors: 0 } }));
    expect(result.problems).toEqual([
      { kind: "count-mismatch", path: "chunks_fts", message: "chunks_fts has 2 rows but chunks has 1" },
      { kind: "count-mismatch", path: "chunks_vec", message: "chunks_vec has 0 rows but chunks has 1" },
    ]);
  });

  it("reports a missing meta row, chunks of another model and chunks of no indexed file", () => {
    const stray = chunk("memory/gone.md", "old text", "fts-only");
    const result = checkMemoryIndexConsistency(
      state({
        meta: undefined,
        counts: { files: 1, chunks: 2, fts: 2, vectors: undefined },
        chunks: [chunk("MEMORY.md", TEXT), stray],
      }),
    );
    expect(result.problems.map((problem) => problem.message)).toEqual([
      "meta has no readable index description",
      "memory/gone.md: 1 chunk belongs to no indexed file",
    ]);
    const otherModel = checkMemoryIndexConsistency(state({ chunks: [chunk("MEMORY.md", TEXT, "fnv1a-256")] }));
    expect(otherModel.problems).toEqual([
      {
        kind: "chunk-model",
        path: "MEMORY.md",
        message: "MEMORY.md: 1 chunk was embedded with another model than the index's",
      },
    ]);
  });

  it("reports an indexed note that can no longer be read", () => {
    const result = checkMemoryIndexConsistency(state({ notes: [{ path: "MEMORY.md", skipped: "binary" }] }));
    expect(result.problems).toEqual([
      { kind: "stale-file", path: "MEMORY.md", message: "MEMORY.md: indexed, but can no longer be indexed (binary)" },
    ]);
  });
});
