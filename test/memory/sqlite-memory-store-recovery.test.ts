import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqliteMemoryStore } from "../../src/memory/sqlite-memory-store.js";
import { letterVector, openStore, tempStorePath } from "./memory-store-fakes.js";

const memoryFile = (path: string) => ({ path, source: "memory" as const, hash: path, mtime: 0, size: 0 });
const chunk = (text: string) => ({ startLine: 1, endLine: 1, text, embedding: letterVector(text) });

function storeWithOneFile(path: string) {
  const store = openStore({ path });
  store.upsertFile({ file: memoryFile("MEMORY.md"), model: "letters-8", chunks: [chunk("old index")], now: 1 });
  return store;
}

describe("corrupt index files", () => {
  it("moves a file that is not SQLite aside to .corrupt-1, then .corrupt-2, and starts fresh", () => {
    const path = tempStorePath();
    const garbage = "not a sqlite database ".repeat(40);
    mkdirSync(dirname(path), { recursive: true });
    for (const n of [1, 2]) {
      writeFileSync(path, garbage);
      const opened = openSqliteMemoryStore({ path });
      if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
      expect(opened.diagnostics).toEqual([
        {
          file: path,
          line: 1,
          column: 1,
          path: "",
          expected: "a readable SQLite memory index",
          found: `file is not a database; moved it to ${path}.corrupt-${n} and started a fresh index (memory files are unchanged)`,
          severity: "warning",
        },
      ]);
      expect(readFileSync(`${path}.corrupt-${n}`, "utf8")).toBe(garbage);
      expect(opened.store.listFiles()).toEqual([]);
      opened.store.upsertFile({ file: memoryFile("MEMORY.md"), model: "letters-8", chunks: [chunk("fresh")], now: 1 });
      expect(opened.store.counts().chunks).toBe(1);
      opened.store.close();
    }
  });

  it("moves a SQLite file with damaged pages aside", () => {
    const path = tempStorePath();
    const store = openStore({ path });
    for (let n = 0; n < 60; n += 1) {
      store.upsertFile({
        file: memoryFile(`memory/${n}.md`),
        model: "letters-8",
        chunks: [chunk(`note ${n} ${"x".repeat(500)}`)],
        now: 1,
      });
    }
    store.close();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 4096 * 3, 4096 * 6);
    writeFileSync(path, bytes);
    const opened = openSqliteMemoryStore({ path });
    if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
    expect(opened.diagnostics[0]).toMatchObject({ file: path, severity: "warning" });
    expect(opened.diagnostics[0]?.found).toContain(`moved it to ${path}.corrupt-1`);
    expect(opened.store.listFiles()).toEqual([]);
    opened.store.close();
  });
});

describe("locked index files", () => {
  it("reports a database still locked after the busy timeout instead of throwing", () => {
    const path = tempStorePath();
    storeWithOneFile(path).close();
    const holder = new Database(path);
    holder.exec("BEGIN EXCLUSIVE");
    const opened = openSqliteMemoryStore({ path, busyTimeoutMs: 30 });
    expect(opened.ok).toBe(false);
    expect(opened.diagnostics).toMatchObject([{ file: path, severity: "error", expected: "an unlocked memory index" }]);
    expect(opened.diagnostics[0]?.found).toMatch(/^still locked after retrying for 30 ms \(database is locked\)$/);
    holder.exec("ROLLBACK");
    holder.close();
    expect(existsSync(`${path}.corrupt-1`)).toBe(false);
  });

  it("throws SQLITE_BUSY from a write under another writer's lock, and works once it is released", () => {
    const path = tempStorePath();
    const store = storeWithOneFile(path);
    const holder = new Database(path);
    holder.exec("BEGIN EXCLUSIVE");
    expect(() => store.deleteFile("MEMORY.md")).toThrow(expect.objectContaining({ code: "SQLITE_BUSY" }));
    holder.exec("ROLLBACK");
    holder.close();
    store.deleteFile("MEMORY.md");
    expect(store.listFiles()).toEqual([]);
    store.close();
  });
});

describe("rebuild", () => {
  it("builds into <path>.reindex with the embedding cache and swaps it in on success", async () => {
    const path = tempStorePath();
    const store = storeWithOneFile(path);
    const key = { provider: "hash", model: "letters-8", providerKey: "k" };
    store.embeddingCache.put({ key, entries: [{ hash: "h", embedding: [1] }], now: 5 });
    await store.rebuild(async (fresh) => {
      expect(existsSync(`${path}.reindex`)).toBe(true);
      expect(fresh.embeddingCache.get({ key, hashes: ["h"], now: 6 }).get("h")).toEqual([1]);
      fresh.upsertFile({ file: memoryFile("memory/new.md"), model: "letters-8", chunks: [chunk("new index")], now: 2 });
      expect(store.listFiles().map((file) => file.path)).toEqual(["MEMORY.md"]);
    });
    expect(store.listFiles().map((file) => file.path)).toEqual(["memory/new.md"]);
    expect(
      store.keywordCandidates({ ftsQuery: '"index"', model: "letters-8", limit: 5 }).map((row) => row.text),
    ).toEqual(["new index"]);
    expect(existsSync(`${path}.reindex`)).toBe(false);
    store.close();
    const reopened = openStore({ path });
    expect(reopened.listFiles().map((file) => file.path)).toEqual(["memory/new.md"]);
    reopened.close();
  });

  it("keeps the current index and removes the fresh file when the build fails", async () => {
    const path = tempStorePath();
    const store = storeWithOneFile(path);
    const failing = store.rebuild(async (fresh) => {
      fresh.upsertFile({
        file: memoryFile("memory/new.md"),
        model: "letters-8",
        chunks: [chunk("half built")],
        now: 2,
      });
      throw new Error("embedder down");
    });
    await expect(failing).rejects.toThrow("embedder down");
    expect(existsSync(`${path}.reindex`)).toBe(false);
    expect(store.listFiles().map((file) => file.path)).toEqual(["MEMORY.md"]);
    await store.rebuild(async () => {});
    expect(store.listFiles()).toEqual([]);
    store.close();
    expect(() => store.listFiles()).toThrow(/closed/);
  });

  it("refuses a second rebuild while one runs", async () => {
    const store = storeWithOneFile(tempStorePath());
    let release = () => {};
    const first = store.rebuild(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await expect(store.rebuild(async () => {})).rejects.toThrow(/already running/);
    release();
    await first;
    store.close();
  });
});
