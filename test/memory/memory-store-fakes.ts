import { join } from "node:path";
import type { Embedder } from "../../src/memory/embedders/embedder.js";
import {
  type OpenSqliteMemoryStoreOptions,
  openSqliteMemoryStore,
  type SqliteMemoryStore,
} from "../../src/memory/sqlite-memory-store.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

/** A fresh temp folder (from the test runtime) and a store path inside it. */
export function tempStorePath(name = "index.sqlite"): string {
  return join(createTestRuntime().root, "state", "memory", name);
}

/** Opens a store or fails the test with its diagnostics. Locks are retried for 50 ms only. */
export function openStore(options: Partial<OpenSqliteMemoryStoreOptions> & { path: string }): SqliteMemoryStore {
  const opened = openSqliteMemoryStore({ busyTimeoutMs: 50, ...options });
  if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
  return opened.store;
}

/** Writes the meta row of a store indexed by `provider` with model `m` (the model the fast paths serve). */
export function writeModelMeta(store: SqliteMemoryStore, provider: string): void {
  store.writeMeta({
    storeLayout: 2,
    provider,
    model: "m",
    providerKey: "k",
    sources: ["memory"],
    chunkTokens: 400,
    chunkOverlap: 80,
    ftsTokenizer: "unicode61",
  });
}

/** Letter counts of a–h (lower-cased): a tiny deterministic embedding; text without those letters gives the zero vector. */
export function letterVector(text: string): number[] {
  const vector = new Array<number>(8).fill(0);
  for (const char of text.toLowerCase()) {
    const index = char.charCodeAt(0) - 97;
    if (index >= 0 && index < 8) vector[index] = (vector[index] ?? 0) + 1;
  }
  return vector;
}

/** An {@link Embedder} over {@link letterVector} that records every batch. */
export function fakeEmbedder(overrides: Partial<Embedder> = {}): Embedder & { batches: string[][] } {
  const batches: string[][] = [];
  return {
    id: "hash",
    model: "letters-8",
    dims: 8,
    providerKey: "letters",
    embedQuery: async (text) => letterVector(text),
    embedBatch: async (texts) => {
      batches.push([...texts]);
      return texts.map(letterVector);
    },
    batches,
    ...overrides,
  };
}
