import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { auditMemoryIndex } from "../../src/memory/audit-memory-index.js";
import { type MemorySyncSettings, syncMemoryIndex } from "../../src/memory/sync-memory-index.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { fakeEmbedder, openStore } from "./memory-store-fakes.js";

const SETTINGS: MemorySyncSettings = {
  chunking: { tokens: 8, overlap: 0 },
  extraPaths: [],
  sources: ["memory"],
  cache: { enabled: true, maxEntries: undefined },
};

const WORKSPACE = {
  "MEMORY.md": "# Preferences\nUser prefers dark mode.\n",
  "memory/2026-03-14.md": "Rotated the deploy key on staging.\nBackups moved to bucket b2.\n",
  "memory/projects.md": "Project falcon ships in April.\n",
  "SOUL.md": "not a memory file\n",
};

/** A workspace with the notes above, synced into a real SQLite index (with vectors). */
async function synced() {
  const runtime = createTestRuntime({
    files: Object.fromEntries(Object.entries(WORKSPACE).map(([path, text]) => [`ws/${path}`, text])),
  });
  const workspaceDir = join(runtime.root, "ws");
  const storePath = join(runtime.root, "state/memory/main.sqlite");
  const store = openStore({ path: storePath });
  await syncMemoryIndex({ runtime, store, workspaceDir, settings: SETTINGS, embedder: fakeEmbedder() });
  const audit = () => auditMemoryIndex({ connection: store, fs: runtime.fs, workspaceDir, sources: ["memory"] });
  /** Changes the database behind the store's back, as a broken writer would. */
  const tamper = (sql: string) => {
    const db = new Database(storePath);
    db.exec(sql);
    db.close();
  };
  return { store, workspaceDir, audit, tamper, path: (name: string) => join(workspaceDir, name) };
}

describe("auditMemoryIndex", () => {
  it("finds nothing wrong right after a sync and hands back the indexed notes", async () => {
    const { store, audit } = await synced();
    const { audit: result, notes } = await audit();
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.files).toBe(3);
    expect(result.chunks).toBe(store.counts().chunks);
    expect(notes.map((note) => note.path)).toEqual(["MEMORY.md", "memory/2026-03-14.md", "memory/projects.md"]);
    expect(notes[0]?.text).toBe(WORKSPACE["MEMORY.md"]);
    store.close();
  });

  it("reports the stale rows of a deleted note", async () => {
    const { store, audit, path } = await synced();
    rmSync(path("memory/projects.md"));
    const { audit: result } = await audit();
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      {
        kind: "stale-file",
        path: "memory/projects.md",
        message: "memory/projects.md: indexed, but no longer a memory file (deleted, renamed or moved)",
      },
    ]);
    store.close();
  });

  it("reports a renamed note as a stale old path and an unindexed new one", async () => {
    const { store, audit, path } = await synced();
    renameSync(path("memory/projects.md"), path("memory/falcon.md"));
    const { audit: result, notes } = await audit();
    expect(result.problems.map((problem) => [problem.kind, problem.path])).toEqual([
      ["unindexed-file", "memory/falcon.md"],
      ["stale-file", "memory/projects.md"],
    ]);
    expect(notes.map((note) => note.path)).not.toContain("memory/falcon.md");
    store.close();
  });

  it("reports an edited note whose stored hash no longer matches its bytes", async () => {
    const { store, audit, path } = await synced();
    writeFileSync(path("MEMORY.md"), "# Preferences\nUser prefers light mode.\n");
    const { audit: result } = await audit();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ kind: "stale-hash", path: "MEMORY.md" });
    expect(result.problems[0]?.message).toMatch(
      /^MEMORY\.md: indexed hash [0-9a-f]{12}… differs from the file's sha256 [0-9a-f]{12}…$/,
    );
    store.close();
  });

  it("reports a full-text index that lost a row", async () => {
    const { store, audit, tamper } = await synced();
    const chunks = store.counts().chunks;
    tamper("DELETE FROM chunks_fts WHERE rowid = (SELECT min(rowid) FROM chunks_fts)");
    const { audit: result } = await audit();
    expect(result.problems).toEqual([
      {
        kind: "count-mismatch",
        path: "chunks_fts",
        message: `chunks_fts has ${chunks - 1} rows but chunks has ${chunks}`,
      },
    ]);
    store.close();
  });

  it("reports chunk ids that do not reproduce and hashes that are not their text's", async () => {
    const { store, audit, tamper } = await synced();
    tamper("UPDATE chunks SET id = 'x' || id WHERE path = 'memory/projects.md'");
    tamper("UPDATE chunks SET text = text || '!' WHERE path = 'MEMORY.md'");
    const { audit: result } = await audit();
    expect(result.problems.map((problem) => problem.message)).toEqual([
      "MEMORY.md: 2 chunks have hashes that are not the sha256 of their text",
      "memory/projects.md: 1 chunk has an id that does not reproduce from source, path, lines, hash and model",
    ]);
    store.close();
  });

  it("turns a database it cannot read into one audit-failed problem instead of throwing", async () => {
    const { store, audit } = await synced();
    store.close();
    const { audit: result, notes } = await audit();
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ kind: "audit-failed", path: "index" });
    expect(notes).toEqual([]);
  });
});
