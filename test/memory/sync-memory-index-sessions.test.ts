import { appendFileSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryChunkId, sha256Hex } from "../../src/memory/sqlite-memory-store-ids.js";
import { type MemorySyncSettings, syncMemoryIndex } from "../../src/memory/sync-memory-index.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { fakeEmbedder, openStore } from "./memory-store-fakes.js";

const SETTINGS: MemorySyncSettings = {
  chunking: { tokens: 400, overlap: 80 },
  extraPaths: [],
  sources: ["memory", "sessions"],
  cache: { enabled: true, maxEntries: undefined },
};

const line = (role: "user" | "assistant", text: string, kind?: "heartbeat") =>
  JSON.stringify({
    type: "message",
    message:
      role === "user"
        ? { role, content: text, ...(kind ? { kind } : {}) }
        : { role, content: [{ type: "text", text }], stopReason: "end_turn" },
  });

function setup() {
  const runtime = createTestRuntime({
    files: {
      "ws/MEMORY.md": "# Facts\nThe user lives on Anfu Road.\n",
      "sessions/s1.jsonl": `${line("user", "The boat is called Heron.")}\n${line("assistant", "A fine name.")}\n`,
      "sessions/s2.jsonl": `${line("user", "Ping", "heartbeat")}\n${line("assistant", "HEARTBEAT_OK")}\n`,
      "sessions/s1.jsonl.lock": "{}",
    },
  });
  const store = openStore({ path: join(runtime.root, "index.sqlite") });
  const base = { runtime, store, workspaceDir: join(runtime.root, "ws"), settings: SETTINGS, embedder: fakeEmbedder() };
  return { runtime, store, base, sessionsDir: join(runtime.root, "sessions") };
}

describe("syncMemoryIndex with session transcripts", () => {
  it("indexes conversational transcripts as source sessions beside the notes, with JSONL line ranges", async () => {
    const { store, base, sessionsDir } = setup();
    const summary = await syncMemoryIndex({ ...base, sessionsDir });
    expect(summary).toMatchObject({
      indexed: ["MEMORY.md", "sessions/s1.jsonl"],
      skipped: [{ path: "sessions/s2.jsonl", reason: "no-conversation" }],
      diagnostics: [],
    });
    expect(store.readMeta()?.sources).toEqual(["memory", "sessions"]);
    const file = store.getFile("sessions/s1.jsonl");
    expect(file).toMatchObject({ source: "sessions", hash: sha256Hex(readFileSync(join(sessionsDir, "s1.jsonl"))) });
    const [chunk, ...rest] = store.listChunks().filter((row) => row.path === "sessions/s1.jsonl");
    expect(rest).toEqual([]);
    expect(chunk).toMatchObject({
      source: "sessions",
      startLine: 1,
      endLine: 2,
      text: "User: The boat is called Heron.\nAssistant: A fine name.",
    });
    if (chunk !== undefined) expect(chunk.id).toBe(memoryChunkId(chunk));
    store.close();
  });

  it("re-checks only the `only` transcripts and drops the rows of one that vanished", async () => {
    const { store, base, sessionsDir } = setup();
    await syncMemoryIndex({ ...base, sessionsDir });
    appendFileSync(join(sessionsDir, "s1.jsonl"), `${line("user", "It is moored at pier 9.")}\n`);
    const targeted = await syncMemoryIndex({ ...base, sessionsDir, only: ["sessions/s1.jsonl"] });
    expect(targeted).toMatchObject({ indexed: ["sessions/s1.jsonl"], deleted: [], fullReindex: false });
    expect(store.listChunks().find((row) => row.path === "sessions/s1.jsonl")).toMatchObject({
      startLine: 1,
      endLine: 3,
    });
    rmSync(join(sessionsDir, "s1.jsonl"));
    const gone = await syncMemoryIndex({ ...base, sessionsDir, only: ["sessions/s1.jsonl"] });
    expect(gone).toMatchObject({ indexed: [], deleted: ["sessions/s1.jsonl"] });
    expect(store.listFiles().map((row) => row.path)).toEqual(["MEMORY.md"]);
    store.close();
  });

  it("indexes only the transcripts when memory is not a source, and only the notes without a transcript folder", async () => {
    const { store, base, sessionsDir } = setup();
    const transcriptsOnly = await syncMemoryIndex({
      ...base,
      settings: { ...SETTINGS, sources: ["sessions"] },
      sessionsDir,
    });
    expect(transcriptsOnly.indexed).toEqual(["sessions/s1.jsonl"]);
    expect(store.readMeta()?.sources).toEqual(["sessions"]);
    const notesOnly = await syncMemoryIndex(base);
    expect(notesOnly).toMatchObject({
      fullReindex: true,
      reindexReason: 'sources changed (["sessions"] → ["memory"])',
      indexed: ["MEMORY.md"],
      deleted: ["sessions/s1.jsonl"],
    });
    store.close();
  });
});
