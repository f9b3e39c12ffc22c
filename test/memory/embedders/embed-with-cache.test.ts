import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../../src/domain/index.js";
import { type EmbeddingCacheView, embedWithCache } from "../../../src/memory/embedders/embed-with-cache.js";
import type { Embedder } from "../../../src/memory/embedders/embedder.js";
import { sha256Hex } from "../../../src/memory/sqlite-memory-store-ids.js";

/** An embedder whose vector of a text is `[length]`, recording every batch it is asked for. */
function fakeEmbedder(answer?: (texts: readonly string[]) => number[][]) {
  const batches: string[][] = [];
  const embedder: Embedder = {
    id: "hash",
    model: "fake",
    dims: 1,
    providerKey: "fake",
    embedQuery: async (text) => [text.length],
    embedBatch: async (texts) => {
      batches.push([...texts]);
      return answer ? answer(texts) : texts.map((text) => [text.length]);
    },
  };
  return { embedder, batches };
}

function mapCache(initial: Record<string, number[]> = {}) {
  const entries = new Map(Object.entries(initial));
  const lookups: string[][] = [];
  const cache: EmbeddingCacheView = {
    get(hashes) {
      lookups.push([...hashes]);
      return new Map(hashes.flatMap((hash) => (entries.has(hash) ? [[hash, entries.get(hash) ?? []] as const] : [])));
    },
    put(list) {
      for (const entry of list) entries.set(entry.hash, entry.embedding);
    },
  };
  return { cache, entries, lookups };
}

describe("embedWithCache", () => {
  it("keys by the sha256 hex of the text", () => {
    expect(sha256Hex("abc")).toBe(createHash("sha256").update("abc").digest("hex"));
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("embeds only the misses, each distinct text once, and keeps input order", async () => {
    const { embedder, batches } = fakeEmbedder();
    const { cache, entries } = mapCache({ [sha256Hex("cached")]: [99] });
    const vectors = await embedWithCache({ embedder, texts: ["aa", "cached", "bbbb", "aa"], cache });
    expect(vectors).toEqual([[2], [99], [4], [2]]);
    expect(batches).toEqual([["aa", "bbbb"]]);
    expect(entries.get(sha256Hex("aa"))).toEqual([2]);
    expect(entries.get(sha256Hex("bbbb"))).toEqual([4]);
  });

  it("looks each hash up once", async () => {
    const { embedder } = fakeEmbedder();
    const { cache, lookups } = mapCache();
    await embedWithCache({ embedder, texts: ["x", "x", "y"], cache });
    expect(lookups).toEqual([[sha256Hex("x"), sha256Hex("y")]]);
  });

  it("calls no embedder when every text is cached", async () => {
    const { embedder, batches } = fakeEmbedder();
    const { cache } = mapCache({ [sha256Hex("a")]: [1], [sha256Hex("b")]: [2] });
    expect(await embedWithCache({ embedder, texts: ["b", "a"], cache })).toEqual([[2], [1]]);
    expect(batches).toEqual([]);
  });

  it("embeds everything without a cache", async () => {
    const { embedder, batches } = fakeEmbedder();
    expect(await embedWithCache({ embedder, texts: ["a", "bb"] })).toEqual([[1], [2]]);
    expect(batches).toEqual([["a", "bb"]]);
    expect(await embedWithCache({ embedder, texts: [] })).toEqual([]);
    expect(batches).toHaveLength(1);
  });

  it("caches nothing when the embedder fails", async () => {
    const { embedder } = fakeEmbedder(() => {
      throw new ClawEvalError("io", "down");
    });
    const { cache, entries } = mapCache();
    await expect(embedWithCache({ embedder, texts: ["a"], cache })).rejects.toThrow("down");
    expect(entries.size).toBe(0);
  });

  it("refuses an embedder answer with the wrong number of vectors", async () => {
    const { embedder } = fakeEmbedder(() => [[1]]);
    const { cache, entries } = mapCache();
    await expect(embedWithCache({ embedder, texts: ["a", "b"], cache })).rejects.toThrow(
      "hash embedder returned 1 vectors for 2 texts",
    );
    expect(entries.size).toBe(0);
  });
});
