import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openStore, tempStorePath } from "./memory-store-fakes.js";

const key = { provider: "hash", model: "fnv1a-4", providerKey: "pk" };

function cacheRows(path: string) {
  const db = new Database(path, { readonly: true });
  const rows = db.prepare("SELECT * FROM embedding_cache ORDER BY hash").all();
  db.close();
  return rows;
}

describe("embedding cache", () => {
  it("puts JSON vectors with dims, gets hits by hash and refreshes their updated_at", () => {
    const path = tempStorePath();
    const store = openStore({ path });
    store.embeddingCache.put({
      key,
      entries: [
        { hash: "h1", embedding: [1, 0] },
        { hash: "h2", embedding: [0, 1] },
      ],
      now: 100,
    });
    const hits = store.embeddingCache.get({ key, hashes: ["h1", "missing", "h1"], now: 250 });
    expect([...hits]).toEqual([["h1", [1, 0]]]);
    expect(store.embeddingCache.get({ key: { ...key, providerKey: "other" }, hashes: ["h1"], now: 300 }).size).toBe(0);
    store.close();
    expect(cacheRows(path)).toEqual([
      {
        provider: "hash",
        model: "fnv1a-4",
        provider_key: "pk",
        hash: "h1",
        embedding: "[1,0]",
        dims: 2,
        updated_at: 250,
      },
      {
        provider: "hash",
        model: "fnv1a-4",
        provider_key: "pk",
        hash: "h2",
        embedding: "[0,1]",
        dims: 2,
        updated_at: 100,
      },
    ]);
  });

  it("evicts the oldest updated_at first down to maxEntries", () => {
    const path = tempStorePath();
    const store = openStore({ path });
    for (const [hash, now] of [
      ["a", 30],
      ["b", 10],
      ["c", 40],
      ["d", 20],
    ] as const) {
      store.embeddingCache.put({ key, entries: [{ hash, embedding: [now] }], now });
    }
    store.embeddingCache.get({ key, hashes: ["b"], now: 50 });
    expect(store.embeddingCache.evict({ maxEntries: 2 })).toBe(2);
    expect(store.embeddingCache.evict({ maxEntries: 2 })).toBe(0);
    expect(store.embeddingCache.count()).toBe(2);
    store.close();
    expect(cacheRows(path).map((row) => (row as { hash: string }).hash)).toEqual(["b", "c"]);
  });
});
