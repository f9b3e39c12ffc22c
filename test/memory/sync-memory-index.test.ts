import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqliteMemoryStore, type SqliteMemoryStore } from "../../src/memory/sqlite-memory-store.js";
import { type MemorySyncSettings, syncMemoryIndex } from "../../src/memory/sync-memory-index.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { fakeEmbedder, openStore } from "./memory-store-fakes.js";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

const SETTINGS: MemorySyncSettings = {
  chunking: { tokens: 400, overlap: 80 },
  extraPaths: [],
  sources: ["memory"],
  cache: { enabled: true, maxEntries: undefined },
};

function setup(files: Record<string, string>, storeOptions: { vector?: { enabled: boolean } } = {}) {
  const runtime = createTestRuntime({
    files: Object.fromEntries(Object.entries(files).map(([path, text]) => [`ws/${path}`, text])),
  });
  const workspaceDir = join(runtime.root, "ws");
  const storePath = join(runtime.root, "state/memory/main.sqlite");
  const store = openStore({ path: storePath, ...storeOptions });
  const write = (path: string, text: string | Buffer) => writeFileSync(join(workspaceDir, path), text);
  return { runtime, workspaceDir, storePath, store, write };
}

function chunkRows(storePath: string) {
  const db = new Database(storePath, { readonly: true });
  const rows = db.prepare("SELECT * FROM chunks ORDER BY path, start_line, id").all() as {
    id: string;
    path: string;
    source: string;
    start_line: number;
    end_line: number;
    hash: string;
    model: string;
    text: string;
    embedding: string;
  }[];
  db.close();
  return rows;
}

/** memory.md §12.4: table counts agree, file hashes match the files, chunk ids reproduce from §3. */
function expectConsistent(store: SqliteMemoryStore, workspaceDir: string, storePath: string) {
  const counts = store.counts();
  expect(counts.fts).toBe(counts.chunks);
  if (counts.vectors !== undefined) expect(counts.vectors).toBe(counts.chunks);
  for (const file of store.listFiles()) expect(file.hash).toBe(sha256(readFileSync(join(workspaceDir, file.path))));
  for (const row of chunkRows(storePath)) {
    expect(row.hash).toBe(sha256(row.text));
    expect(row.id).toBe(sha256(`${row.source}:${row.path}:${row.start_line}:${row.end_line}:${row.hash}:${row.model}`));
  }
}

const WORKSPACE = {
  "MEMORY.md": "# Preferences\nUser prefers dark mode.\n",
  "memory/2026-03-14.md": "Rotated the deploy key on staging.\n",
  "memory/projects.md": "Project falcon ships in April.\n",
  "memory/state.json": "{}",
};

describe("syncMemoryIndex", () => {
  it("indexes every memory file on the first sync as a full reindex and writes the meta row", async () => {
    const { runtime, workspaceDir, storePath, store } = setup(WORKSPACE);
    const embedder = fakeEmbedder();
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS, embedder });
    expect(summary).toEqual({
      indexed: ["MEMORY.md", "memory/2026-03-14.md", "memory/projects.md"],
      skipped: [],
      deleted: [],
      fullReindex: true,
      reindexReason: "no index meta",
      diagnostics: [],
    });
    expect(store.readMeta()).toEqual({
      storeLayout: 2,
      provider: "hash",
      model: "letters-8",
      providerKey: "letters",
      sources: ["memory"],
      chunkTokens: 400,
      chunkOverlap: 80,
      ftsTokenizer: "unicode61",
      vectorDims: 8,
    });
    expect(chunkRows(storePath).map((row) => [row.path, row.start_line, row.end_line, row.text])).toEqual([
      ["MEMORY.md", 1, 3, "# Preferences\nUser prefers dark mode.\n"],
      ["memory/2026-03-14.md", 1, 2, "Rotated the deploy key on staging.\n"],
      ["memory/projects.md", 1, 2, "Project falcon ships in April.\n"],
    ]);
    expect(
      store.keywordCandidates({ ftsQuery: '"deploy"', model: "letters-8", limit: 5 }).map((row) => row.path),
    ).toEqual(["memory/2026-03-14.md"]);
    expectConsistent(store, workspaceDir, storePath);
    store.close();
  });

  it("re-indexes only changed files, removes vanished ones, and embeds only uncached chunk texts", async () => {
    const { runtime, workspaceDir, storePath, store, write } = setup(WORKSPACE);
    const settings = { ...SETTINGS, chunking: { tokens: 8, overlap: 0 } };
    const embedder = fakeEmbedder();
    await syncMemoryIndex({ runtime, store, workspaceDir, settings, embedder });
    embedder.batches.length = 0;
    expect(await syncMemoryIndex({ runtime, store, workspaceDir, settings, embedder })).toMatchObject({
      indexed: [],
      deleted: [],
      fullReindex: false,
    });
    expect(embedder.batches).toEqual([]);
    write("MEMORY.md", "# Preferences\nUser prefers light mode.\n");
    write("memory/2026-03-15.md", "# Preferences");
    rmSync(join(workspaceDir, "memory/projects.md"));
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings, embedder });
    expect(summary).toMatchObject({
      indexed: ["MEMORY.md", "memory/2026-03-15.md"],
      deleted: ["memory/projects.md"],
      fullReindex: false,
      diagnostics: [],
    });
    // "# Preferences" was embedded on the first sync: only the changed line goes to the embedder.
    expect(embedder.batches).toEqual([["User prefers light mode.\n"]]);
    expect(store.listFiles().map((file) => file.path)).toEqual([
      "MEMORY.md",
      "memory/2026-03-14.md",
      "memory/2026-03-15.md",
    ]);
    expectConsistent(store, workspaceDir, storePath);
    store.close();
  });

  it("runs a full reindex when the model, chunking or a forced sync asks for it", async () => {
    const { runtime, workspaceDir, storePath, store } = setup(WORKSPACE);
    await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS, embedder: fakeEmbedder() });
    const next = fakeEmbedder({ model: "letters-8b" });
    const cases = [
      { settings: SETTINGS, reason: 'model changed ("letters-8" → "letters-8b")' },
      {
        settings: { ...SETTINGS, chunking: { tokens: 400, overlap: 500 } },
        reason: "chunk overlap changed (80 → 399)",
      },
      { settings: { ...SETTINGS, chunking: { tokens: 400, overlap: 600 } }, reason: undefined },
      { settings: { ...SETTINGS, chunking: { tokens: 400, overlap: 600 } }, force: true, reason: "forced sync" },
    ];
    for (const step of cases) {
      const summary = await syncMemoryIndex({ runtime, store, workspaceDir, embedder: next, ...step });
      expect(summary.reindexReason).toBe(step.reason);
      expect(summary.fullReindex).toBe(step.reason !== undefined);
      expect(summary.indexed).toHaveLength(step.reason === undefined ? 0 : 3);
    }
    expect(chunkRows(storePath).every((row) => row.model === "letters-8b")).toBe(true);
    expectConsistent(store, workspaceDir, storePath);
    store.close();
  });

  it("indexes in FTS-only mode without an embedder: model fts-only, empty embeddings, no vectors", async () => {
    const { runtime, workspaceDir, storePath, store } = setup(WORKSPACE);
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS });
    expect(summary.indexed).toHaveLength(3);
    expect(store.readMeta()).toMatchObject({ provider: "none", model: "fts-only", providerKey: "none" });
    expect(store.readMeta()?.vectorDims).toBeUndefined();
    expect(chunkRows(storePath).map((row) => [row.model, row.embedding])).toEqual([
      ["fts-only", "[]"],
      ["fts-only", "[]"],
      ["fts-only", "[]"],
    ]);
    expect(store.counts().vectors).toBeUndefined();
    expect(store.keywordCandidates({ ftsQuery: '"falcon"', model: "fts-only", limit: 3 })).toHaveLength(1);
    expect((await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS })).fullReindex).toBe(false);
    const switched = await syncMemoryIndex({
      runtime,
      store,
      workspaceDir,
      settings: SETTINGS,
      embedder: fakeEmbedder(),
    });
    expect(switched.reindexReason).toBe('provider changed ("none" → "hash")');
    expect(store.counts().vectors).toBe(3);
    store.close();
  });

  it("strips a BOM, skips binary and oversized files with a diagnostic, drops blank chunks, and splits huge lines", async () => {
    const { runtime, workspaceDir, storePath, store, write } = setup({ "memory/blank.md": "  \n\n\t\n" });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("bom note\n")]);
    write("MEMORY.md", bom);
    write(
      "memory/binary.md",
      Buffer.concat([Buffer.from("looks like text"), Buffer.from([0]), Buffer.from("then not")]),
    );
    write("memory/huge.md", Buffer.alloc(16 * 1024 * 1024 + 1, 0x61));
    const words = Array.from({ length: 40_000 }, (_, index) => `w${index}`).join(" ");
    write("memory/long-line.md", words.slice(0, 250_000));
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS });
    expect(summary.indexed).toEqual(["MEMORY.md", "memory/blank.md", "memory/long-line.md"]);
    expect(summary.skipped).toEqual([
      { path: "memory/binary.md", reason: "binary" },
      { path: "memory/huge.md", reason: "too-large" },
    ]);
    expect(summary.diagnostics).toEqual([
      {
        file: "memory/binary.md",
        line: 1,
        column: 1,
        path: "",
        expected: "a Markdown text file",
        found: "a NUL byte in the first 8192 bytes",
        severity: "warning",
      },
      {
        file: "memory/huge.md",
        line: 1,
        column: 1,
        path: "",
        expected: "a memory file of at most 16777216 bytes (16 MiB)",
        found: "16777217 bytes",
        severity: "warning",
      },
    ]);
    const rows = chunkRows(storePath);
    expect(rows.filter((row) => row.path === "MEMORY.md").map((row) => row.text)).toEqual(["bom note\n"]);
    expect(store.listFiles().find((file) => file.path === "MEMORY.md")?.hash).toBe(sha256(bom));
    expect(rows.some((row) => row.path === "memory/blank.md")).toBe(false);
    const longLine = rows.filter((row) => row.path === "memory/long-line.md");
    expect(longLine.length).toBe(Math.ceil(250_000 / 1600));
    expect(longLine.every((row) => row.start_line === 1 && row.end_line === 1 && row.text.length <= 3201)).toBe(true);
    store.close();
  });

  it("removes the rows of a file that turned binary, and keeps those of a file that vanished while reading", async () => {
    const { runtime, workspaceDir, store, write } = setup(WORKSPACE);
    await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS });
    write("memory/projects.md", Buffer.from([0, 1, 2]));
    write("MEMORY.md", "changed, then gone before it was read");
    const vanishing = {
      ...runtime,
      fs: {
        ...runtime.fs,
        readBytes: async (path: string) => {
          if (path.endsWith("MEMORY.md")) throw Object.assign(new Error("ENOENT: gone"), { code: "ENOENT" });
          return runtime.fs.readBytes(path);
        },
      },
    };
    const summary = await syncMemoryIndex({ runtime: vanishing, store, workspaceDir, settings: SETTINGS });
    expect(summary.skipped).toEqual([
      { path: "MEMORY.md", reason: "missing" },
      { path: "memory/projects.md", reason: "binary" },
    ]);
    expect(summary.deleted).toEqual([]);
    expect(store.listFiles().map((file) => file.path)).toEqual(["MEMORY.md", "memory/2026-03-14.md"]);
    store.close();
  });

  it("keeps the old index and reports the error when a full reindex fails", async () => {
    const { runtime, workspaceDir, storePath, store } = setup(WORKSPACE);
    await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS, embedder: fakeEmbedder() });
    const failing = fakeEmbedder({
      model: "letters-8-v2",
      embedBatch: async () => {
        throw new Error("429 insufficient_quota");
      },
    });
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS, embedder: failing });
    expect(summary).toMatchObject({
      indexed: [],
      fullReindex: true,
      reindexReason: 'model changed ("letters-8" → "letters-8-v2")',
    });
    expect(summary.diagnostics).toEqual([
      {
        file: storePath,
        line: 1,
        column: 1,
        path: "",
        expected: "a memory index sync that completes",
        found: "sync failed: 429 insufficient_quota; the previous index stays",
        severity: "error",
      },
    ]);
    expect(store.readMeta()?.model).toBe("letters-8");
    expect(store.counts()).toMatchObject({ files: 3, chunks: 3 });
    store.close();
  });

  it("reports a database locked by another writer instead of throwing, and catches up afterwards", async () => {
    const { runtime, workspaceDir, storePath, store, write } = setup(WORKSPACE);
    await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS });
    write("memory/projects.md", "Project falcon slips to May.\n");
    const holder = new Database(storePath);
    holder.exec("BEGIN EXCLUSIVE");
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS });
    expect(summary.diagnostics).toMatchObject([
      {
        file: storePath,
        severity: "error",
        expected: "an unlocked memory index",
        found: expect.stringMatching(/^still locked after retrying: database is locked; the next sync continues$/),
      },
    ]);
    holder.exec("ROLLBACK");
    holder.close();
    expect((await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS })).indexed).toEqual([
      "memory/projects.md",
    ]);
    store.close();
  });

  it("rebuilds a corrupt index from the memory files after it was moved aside", async () => {
    const { runtime, workspaceDir, storePath, store } = setup(WORKSPACE);
    await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS });
    store.close();
    writeFileSync(storePath, "garbage ".repeat(100));
    const opened = openSqliteMemoryStore({ path: storePath });
    if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
    expect(opened.diagnostics[0]?.found).toContain(`moved it to ${storePath}.corrupt-1`);
    const summary = await syncMemoryIndex({ runtime, store: opened.store, workspaceDir, settings: SETTINGS });
    expect(summary).toMatchObject({ fullReindex: true, reindexReason: "no index meta", diagnostics: [] });
    expect(opened.store.listFiles().map((file) => file.path)).toEqual(summary.indexed);
    expect(summary.indexed).toHaveLength(3);
    opened.store.close();
  });

  it("evicts the oldest cache entries down to cache.maxEntries after a sync", async () => {
    const { runtime, workspaceDir, store } = setup(WORKSPACE);
    const settings = { ...SETTINGS, cache: { enabled: true, maxEntries: 2 } };
    await syncMemoryIndex({ runtime, store, workspaceDir, settings, embedder: fakeEmbedder() });
    expect(store.embeddingCache.count()).toBe(2);
    const uncached = { ...SETTINGS, cache: { enabled: false, maxEntries: undefined } };
    const embedder = fakeEmbedder();
    await syncMemoryIndex({ runtime, store, workspaceDir, settings: uncached, embedder, force: true });
    expect(embedder.batches).toHaveLength(1);
    expect(embedder.batches[0]).toHaveLength(3);
    store.close();
  });

  it("indexes extra paths, including ones outside the workspace, and never symlinked files", async () => {
    const { runtime, workspaceDir, store } = setup({ ...WORKSPACE, "docs/notes.md": "extra" });
    writeFileSync(join(runtime.root, "outside.md"), "outside note");
    const settings = { ...SETTINGS, extraPaths: ["docs", join(runtime.root, "outside.md")] };
    const summary = await syncMemoryIndex({ runtime, store, workspaceDir, settings });
    expect(summary.indexed).toEqual([
      "../outside.md",
      "MEMORY.md",
      "docs/notes.md",
      "memory/2026-03-14.md",
      "memory/projects.md",
    ]);
    store.close();
  });
});
