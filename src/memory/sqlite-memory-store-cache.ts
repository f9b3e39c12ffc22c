import type Database from "better-sqlite3";

/** Which embedder produced a cached vector (memory.md §5.4); the chunk hash completes the key. */
export interface EmbeddingCacheKey {
  provider: string;
  model: string;
  providerKey: string;
}

export interface GetCachedEmbeddingsOptions {
  key: EmbeddingCacheKey;
  /** Chunk hashes (sha256 hex of the chunk text). */
  hashes: readonly string[];
  /** ms since the epoch; written to `updated_at` of every hit. */
  now: number;
}

export interface PutCachedEmbeddingsOptions {
  key: EmbeddingCacheKey;
  entries: readonly { hash: string; embedding: readonly number[] }[];
  /** ms since the epoch, stored as `updated_at`. */
  now: number;
}

/** The embedding cache table (memory.md §5.4) over one database. */
export interface EmbeddingCache {
  /** Cached vectors by hash; hits get `updated_at = now`. Misses are absent from the map. */
  get(options: GetCachedEmbeddingsOptions): Map<string, number[]>;
  /** Inserts or replaces the entries. */
  put(options: PutCachedEmbeddingsOptions): void;
  /** Deletes the oldest `updated_at` entries (ties: key order) until at most `maxEntries` remain; returns how many went. */
  evict(options: { maxEntries: number }): number;
  count(): number;
  /** Copies every entry into another database's cache (a full reindex keeps the cache). */
  copyInto(target: Database.Database): void;
}

const KEY_WHERE = "provider = @provider AND model = @model AND provider_key = @providerKey AND hash = @hash";

export function createEmbeddingCache(db: Database.Database): EmbeddingCache {
  const select = db.prepare(`SELECT embedding FROM embedding_cache WHERE ${KEY_WHERE}`);
  const touch = db.prepare(`UPDATE embedding_cache SET updated_at = @now WHERE ${KEY_WHERE}`);
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO embedding_cache (provider, model, provider_key, hash, embedding, dims, updated_at)
     VALUES (@provider, @model, @providerKey, @hash, @embedding, @dims, @now)`,
  );
  const get = db.transaction((options: GetCachedEmbeddingsOptions) => {
    const found = new Map<string, number[]>();
    for (const hash of new Set(options.hashes)) {
      const row = select.get({ ...options.key, hash }) as { embedding: string } | undefined;
      if (row === undefined) continue;
      found.set(hash, JSON.parse(row.embedding) as number[]);
      touch.run({ ...options.key, hash, now: options.now });
    }
    return found;
  });
  const put = db.transaction((options: PutCachedEmbeddingsOptions) => {
    for (const entry of options.entries) {
      upsert.run({
        ...options.key,
        hash: entry.hash,
        embedding: JSON.stringify(entry.embedding),
        dims: entry.embedding.length,
        now: options.now,
      });
    }
  });
  return {
    get,
    put,
    evict({ maxEntries }) {
      const result = db
        .prepare(
          `DELETE FROM embedding_cache WHERE rowid IN (
             SELECT rowid FROM embedding_cache ORDER BY updated_at ASC, provider, model, provider_key, hash
             LIMIT max(0, (SELECT COUNT(*) FROM embedding_cache) - ?))`,
        )
        .run(Math.max(0, Math.floor(maxEntries)));
      return result.changes;
    },
    count: () => (db.prepare("SELECT COUNT(*) AS count FROM embedding_cache").get() as { count: number }).count,
    copyInto(target) {
      const insert = target.prepare("INSERT OR REPLACE INTO embedding_cache VALUES (?, ?, ?, ?, ?, ?, ?)");
      const rows = db
        .prepare("SELECT provider, model, provider_key, hash, embedding, dims, updated_at FROM embedding_cache")
        .raw()
        .iterate() as IterableIterator<unknown[]>;
      target.transaction(() => {
        for (const row of rows) insert.run(...row);
      })();
    },
  };
}
