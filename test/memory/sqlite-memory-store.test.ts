import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { describe, expect, it } from "vitest";
import { openSqliteMemoryStore, resolveMemoryStorePath } from "../../src/memory/sqlite-memory-store.js";
import { MEMORY_INDEX_META_KEY } from "../../src/memory/sqlite-memory-store-schema.js";
import type { MemoryChunkInput } from "../../src/memory/sqlite-memory-store-types.js";
import { letterVector, openStore, tempStorePath } from "./memory-store-fakes.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function file(path: string, hash = `hash-of-${path}`) {
  return { path, source: "memory" as const, hash, mtime: 1_700_000_000_000, size: 10 };
}

function chunks(...texts: string[]): MemoryChunkInput[] {
  return texts.map((text, index) => ({
    startLine: index + 1,
    endLine: index + 1,
    text,
    embedding: letterVector(text),
  }));
}

function schemaOf(path: string): { type: string; name: string; sql: string | null }[] {
  const db = new Database(path, { readonly: true });
  sqliteVec.load(db);
  const rows = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'chunks_fts_%' AND name NOT LIKE 'chunks_vec_%' ORDER BY name",
    )
    .all() as { type: string; name: string; sql: string | null }[];
  db.close();
  return rows;
}

describe("openSqliteMemoryStore schema", () => {
  it("creates the §3 tables and indexes, creating parent folders", () => {
    const path = tempStorePath();
    const store = openStore({ path });
    store.upsertFile({ file: file("MEMORY.md"), model: "letters-8", chunks: chunks("abc"), now: 1 });
    store.close();
    const rows = schemaOf(path);
    expect(rows.map((row) => `${row.type} ${row.name}`)).toEqual([
      "table chunks",
      "table chunks_fts",
      "table chunks_vec",
      "table embedding_cache",
      "table files",
      "index idx_chunks_path",
      "index idx_chunks_source",
      "index idx_embedding_cache_updated_at",
      "table meta",
    ]);
    const sqlOf = (name: string) => rows.find((row) => row.name === name)?.sql ?? "";
    expect(sqlOf("chunks_fts")).toContain(
      "fts5(text, id UNINDEXED, path UNINDEXED, source UNINDEXED, model UNINDEXED, start_line UNINDEXED, end_line UNINDEXED, tokenize='unicode61')",
    );
    expect(sqlOf("chunks_vec")).toContain("vec0(id TEXT PRIMARY KEY, embedding FLOAT[8] distance_metric=cosine)");
    expect(sqlOf("embedding_cache")).toContain("PRIMARY KEY (provider, model, provider_key, hash)");
  });

  it("builds chunks_fts with the configured tokenizer and no chunks_vec when vectors are off", () => {
    const path = tempStorePath();
    const store = openStore({ path, ftsTokenizer: "trigram", vector: { enabled: false } });
    expect(store.vectorsLoaded).toBe(false);
    store.upsertFile({ file: file("MEMORY.md"), model: "letters-8", chunks: chunks("abc"), now: 1 });
    store.close();
    const rows = schemaOf(path);
    expect(rows.find((row) => row.name === "chunks_fts")?.sql).toContain("tokenize='trigram'");
    expect(rows.some((row) => row.name === "chunks_vec")).toBe(false);
  });

  it("reports a sqlite-vec that fails to load as a warning and falls back to JS cosine", () => {
    const path = tempStorePath();
    const opened = openSqliteMemoryStore({
      path,
      vector: { enabled: true, extensionPath: `${path}.no-such-extension` },
    });
    if (!opened.ok) throw new Error("the store should open without sqlite-vec");
    expect(opened.store.vectorsLoaded).toBe(false);
    expect(opened.diagnostics).toMatchObject([
      { file: path, severity: "warning", expected: "the sqlite-vec extension" },
    ]);
    expect(opened.diagnostics[0]?.found).toMatch(/exact cosine in JS$/);
    opened.store.close();
  });

  it("expands {agentId} in a configured path and defaults to <stateDir>/memory/<agentId>.sqlite", () => {
    expect(resolveMemoryStorePath({ stateDir: "/s", homeDir: "/h", agentId: "main" })).toBe("/s/memory/main.sqlite");
    expect(
      resolveMemoryStorePath({ stateDir: "/s", homeDir: "/h", agentId: "ops", configuredPath: "/x/{agentId}/m.db" }),
    ).toBe("/x/ops/m.db");
    const resolved = (configuredPath: string) =>
      resolveMemoryStorePath({ stateDir: "/s", homeDir: "/h", agentId: "ops", configuredPath });
    expect([resolved("~/idx/{agentId}.db"), resolved("idx.db"), resolved(":memory:")]).toEqual([
      "/h/idx/ops.db",
      "/s/idx.db",
      ":memory:",
    ]);
  });
});

describe("memory store rows", () => {
  it("stores §3 hashes, ids, JSON embeddings and little-endian Float32 vector blobs", () => {
    const path = tempStorePath();
    const store = openStore({ path });
    const embedding = [0.5, -0.25, 0, 0, 0, 0, 0, 1];
    store.upsertFile({
      file: file("memory/2026-03-14.md", "f".repeat(64)),
      model: "letters-8",
      chunks: [{ startLine: 3, endLine: 7, text: "deploy key", embedding }],
      now: 1_773_000_000_000,
    });
    store.close();
    const chunkHash = sha256("deploy key");
    const id = sha256(`memory:memory/2026-03-14.md:3:7:${chunkHash}:letters-8`);
    const db = new Database(path, { readonly: true });
    sqliteVec.load(db);
    expect(db.prepare("SELECT * FROM chunks").all()).toEqual([
      {
        id,
        path: "memory/2026-03-14.md",
        source: "memory",
        start_line: 3,
        end_line: 7,
        hash: chunkHash,
        model: "letters-8",
        text: "deploy key",
        embedding: "[0.5,-0.25,0,0,0,0,0,1]",
        updated_at: 1_773_000_000_000,
      },
    ]);
    const blob = Buffer.alloc(32);
    for (const [index, value] of embedding.entries()) blob.writeFloatLE(value, index * 4);
    expect(db.prepare("SELECT id, embedding FROM chunks_vec").all()).toEqual([{ id, embedding: blob }]);
    expect(db.prepare("SELECT id, path, model, start_line, end_line FROM chunks_fts").all()).toEqual([
      { id, path: "memory/2026-03-14.md", model: "letters-8", start_line: 3, end_line: 7 },
    ]);
    expect(db.prepare("SELECT * FROM files").all()).toEqual([{ ...file("memory/2026-03-14.md", "f".repeat(64)) }]);
    db.close();
  });

  it("replaces a file's rows on upsert, deletes them on delete, and lists files by path", () => {
    const store = openStore({ path: tempStorePath() });
    store.upsertFile({ file: file("memory/b.md"), model: "letters-8", chunks: chunks("one", "two"), now: 1 });
    store.upsertFile({ file: file("MEMORY.md"), model: "letters-8", chunks: chunks("alpha"), now: 1 });
    store.upsertFile({ file: file("memory/b.md", "new"), model: "letters-8", chunks: chunks("three"), now: 2 });
    expect(store.listFiles().map((row) => [row.path, row.hash])).toEqual([
      ["MEMORY.md", "hash-of-MEMORY.md"],
      ["memory/b.md", "new"],
    ]);
    expect(store.counts()).toEqual({ files: 2, chunks: 2, fts: 2, vectors: 2 });
    store.deleteFile("memory/b.md");
    store.deleteFile("never-indexed.md");
    expect(store.counts()).toEqual({ files: 1, chunks: 1, fts: 1, vectors: 1 });
    expect(store.listFiles().map((row) => row.path)).toEqual(["MEMORY.md"]);
    store.close();
  });

  it("keeps one row for equal chunks of a file and refuses non-finite embeddings", () => {
    const store = openStore({ path: tempStorePath() });
    const twin = { startLine: 1, endLine: 1, text: "aaaa", embedding: letterVector("aaaa") };
    store.upsertFile({ file: file("memory/long.md"), model: "letters-8", chunks: [twin, twin], now: 1 });
    expect(store.counts()).toEqual({ files: 1, chunks: 1, fts: 1, vectors: 1 });
    const bad = { startLine: 1, endLine: 1, text: "x", embedding: [Number.NaN, 0, 0, 0, 0, 0, 0, 0] };
    expect(() => store.upsertFile({ file: file("memory/bad.md"), model: "letters-8", chunks: [bad], now: 1 })).toThrow(
      /non-finite/,
    );
    expect(store.listFiles().map((row) => row.path)).toEqual(["memory/long.md"]);
    store.close();
  });

  it("round-trips the meta row and treats an unreadable one as missing", () => {
    const path = tempStorePath();
    const store = openStore({ path });
    expect(store.readMeta()).toBeUndefined();
    const meta = {
      provider: "hash",
      model: "fnv1a-256",
      providerKey: "k",
      sources: ["memory" as const],
      chunkTokens: 400,
      chunkOverlap: 80,
      ftsTokenizer: "unicode61" as const,
      vectorDims: 256,
    };
    store.writeMeta(meta);
    expect(store.readMeta()).toEqual(meta);
    store.close();
    const db = new Database(path);
    expect(db.prepare("SELECT key FROM meta").all()).toEqual([{ key: MEMORY_INDEX_META_KEY }]);
    db.prepare("UPDATE meta SET value = '{not json'").run();
    db.close();
    const reopened = openStore({ path });
    expect(reopened.readMeta()).toBeUndefined();
    reopened.close();
  });
});

describe("keywordCandidates", () => {
  it("returns rows of the model ordered by bm25 ascending, limited", () => {
    const store = openStore({ path: tempStorePath() });
    store.upsertFile({
      file: file("memory/a.md"),
      model: "letters-8",
      chunks: chunks("deploy key rotated", "deploy deploy deploy key notes", "invoice paid"),
      now: 1,
    });
    store.upsertFile({ file: file("memory/old.md"), model: "other-model", chunks: chunks("deploy key"), now: 1 });
    const rows = store.keywordCandidates({ ftsQuery: '"deploy" AND "key"', model: "letters-8", limit: 10 });
    expect(rows.map((row) => [row.path, row.startLine, row.endLine, row.text, row.source])).toEqual([
      ["memory/a.md", 2, 2, "deploy deploy deploy key notes", "memory"],
      ["memory/a.md", 1, 1, "deploy key rotated", "memory"],
    ]);
    expect(rows[0]!.rank).toBeLessThan(rows[1]!.rank);
    expect(rows[1]!.rank).toBeLessThan(0);
    expect(Object.keys(rows[0]!).sort()).toEqual(["endLine", "id", "path", "rank", "source", "startLine", "text"]);
    expect(store.keywordCandidates({ ftsQuery: '"deploy"', model: "letters-8", limit: 1 })).toHaveLength(1);
    store.close();
  });
});
