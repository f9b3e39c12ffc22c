import { utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MemorySearchConfig } from "../../src/config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { createTranscriptStore, sessionTranscriptPath } from "../../src/context/transcript-store.js";
import type { Message, TranscriptEntry } from "../../src/domain/index.js";
import { checkMemoryIndexConsistency, type ListedMemoryNote } from "../../src/memory/check-memory-index-consistency.js";
import { formatMemorySearchResult } from "../../src/memory/format-memory-tool-results.js";
import { listIndexedFiles } from "../../src/memory/list-indexed-files.js";
import { type MemoryNoteText, measureCitationValidity } from "../../src/memory/measure-citation-validity.js";
import { type MemoryIndexStore, openMemoryIndexStore } from "../../src/memory/memory-index-store.js";
import { readMemoryFile } from "../../src/memory/read-memory-file.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";

const NOTES = {
  "ws/MEMORY.md": "# Facts\nThe user lives on Anfu Road.\n",
  "ws/memory/2026-03-01.md": "Booked the dentist for Friday.\n",
};

function settingsWith(sessions: boolean, runtime: TestRuntime): MemorySearchConfig {
  const settings = structuredClone(resolveOpenClawConfig({}).agents.defaults.memorySearch);
  settings.store.path = join(runtime.root, "state", "index.sqlite");
  settings.sources = sessions ? ["memory", "sessions"] : ["memory"];
  settings.experimental.sessionMemory = true;
  return settings;
}

function open(runtime: TestRuntime, sessions = true): MemoryIndexStore {
  const settings = settingsWith(sessions, runtime);
  const opened = openMemoryIndexStore({ runtime, workspaceDir: join(runtime.root, "ws"), agentId: "main", settings });
  if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
  return opened.index;
}

/** Appends messages to a session's JSONL transcript through the runtime, as the agent's session does. */
function transcriptOf(runtime: TestRuntime, sessionId: string) {
  const store = createTranscriptStore({
    fs: runtime.fs,
    path: sessionTranscriptPath({ stateDir: runtime.stateDir, agentId: "main", sessionId }),
  });
  let previous: string | null = null;
  let count = 0;
  return (...messages: Message[]) => {
    const entries = messages.map((message): TranscriptEntry => {
      count += 1;
      const id = `${sessionId}-${count}`;
      const entry: TranscriptEntry = {
        type: "message",
        id,
        parentId: previous,
        timestamp: "2026-03-11T09:00:00.000Z",
        message,
      };
      previous = id;
      return entry;
    });
    return store.append(entries);
  };
}

const said = (content: string, kind: "user" | "heartbeat" | "system" = "user"): Message => ({
  role: "user",
  content,
  kind,
});
const replied = (text: string): Message => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "end_turn",
});

describe("session transcripts as a memory source (memory.md §10)", () => {
  it("finds a fact said only in a conversation, cites its JSONL lines, and re-checks only that transcript", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const index = open(runtime);
    expect((await index.refresh()).indexed).toEqual(["MEMORY.md", "memory/2026-03-01.md"]);
    const append = transcriptOf(runtime, "s1");
    await append(said("Good morning!"), replied("Morning! How can I help?"));
    await append(said("My gym locker code is 4417."), replied("Got it, locker code 4417."));

    const found = await index.search({ query: "gym locker code", minScore: 0 });
    expect(found.sync).toMatchObject({ indexed: ["sessions/s1.jsonl"], fullReindex: false });
    expect(found.hits[0]).toMatchObject({ path: "sessions/s1.jsonl", source: "sessions", startLine: 1, endLine: 4 });
    expect(found.hits[0]?.snippet).toBe(
      "User: Good morning!\nAssistant: Morning! How can I help?\nUser: My gym locker code is 4417.\nAssistant: Got it, locker code 4417.",
    );
    const tool = formatMemorySearchResult({ ...found, citations: "auto", sessionKey: "agent:main:main" });
    expect(tool.results[0]).toMatchObject({ source: "sessions", citation: "sessions/s1.jsonl#L1-L4" });
    expect(
      tool.results.filter((result) => result.path !== "sessions/s1.jsonl").map((result) => result.source),
    ).not.toContain("sessions");
    expect(index.connection.listFiles().map((file) => [file.path, file.source])).toEqual([
      ["MEMORY.md", "memory"],
      ["memory/2026-03-01.md", "memory"],
      ["sessions/s1.jsonl", "sessions"],
    ]);

    await append(said("Also, the wifi password is plum-tree-77."));
    const again = await index.search({ query: "wifi password", minScore: 0 });
    expect(again.sync).toMatchObject({ indexed: ["sessions/s1.jsonl"], fullReindex: false });
    expect(again.hits[0]).toMatchObject({ path: "sessions/s1.jsonl", source: "sessions", endLine: 5 });
    index.close();
  });

  it("never indexes a transcript of heartbeat and cron runs only, and leaves such turns out of a conversation", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const index = open(runtime);
    await index.refresh();
    await transcriptOf(runtime, "beat")(
      said("Read HEARTBEAT.md. Check the aquarium heater.", "heartbeat"),
      replied("HEARTBEAT_OK"),
    );
    await transcriptOf(runtime, "cron")(
      said("System: [09:00] Feed the aquarium fish.", "system"),
      replied("Time to feed the fish!"),
    );
    await transcriptOf(runtime, "main")(
      said("System: [09:05] Aquarium filter reminder.", "system"),
      replied("Reminder: clean the aquarium filter."),
      said("Thanks, which fish do I have?"),
      replied("Two guppies."),
    );
    const summary = await index.refresh();
    expect(summary.indexed).toEqual(["sessions/main.jsonl"]);
    expect(summary.skipped).toEqual([
      { path: "sessions/beat.jsonl", reason: "no-conversation" },
      { path: "sessions/cron.jsonl", reason: "no-conversation" },
    ]);
    expect(index.connection.listChunks().filter((chunk) => chunk.source === "sessions")).toMatchObject([
      {
        path: "sessions/main.jsonl",
        startLine: 3,
        endLine: 4,
        text: "User: Thanks, which fish do I have?\nAssistant: Two guppies.",
      },
    ]);
    const aquarium = await index.search({ query: "aquarium", minScore: 0 });
    expect(aquarium.hits.filter((hit) => hit.score > 0)).toEqual([]);
    index.close();
  });

  it("reads back as an index audit expects: listed like the sync lists, citations pointing into the flattened lines", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    await transcriptOf(runtime, "s1")(said("Hello there."), replied("Hi!"), said("The bike lock is 3-7-1-9."));
    await transcriptOf(runtime, "beat")(said("Ping", "heartbeat"), replied("HEARTBEAT_OK"));
    const index = open(runtime);
    const found = await index.search({ query: "bike lock", minScore: 0 });
    const hit = found.hits[0];
    expect(hit).toMatchObject({ path: "sessions/s1.jsonl", startLine: 1, endLine: 3 });
    const listing = await listIndexedFiles({
      fs: runtime.fs,
      workspaceDir: join(runtime.root, "ws"),
      sources: ["memory"],
      ...(index.sessionsDir === undefined ? {} : { sessionsDir: index.sessionsDir }),
    });
    const notes: ListedMemoryNote[] = [];
    const texts: MemoryNoteText[] = [];
    for (const entry of listing.files) {
      const read = await readMemoryFile(runtime.fs, entry);
      notes.push(read.ok ? { path: entry.path, hash: read.hash } : { path: entry.path, skipped: read.reason });
      if (read.ok) texts.push({ path: entry.path, text: read.text });
    }
    const state = { counts: index.connection.counts(), meta: index.connection.readMeta(), notes };
    const files = index.connection.listFiles();
    expect(checkMemoryIndexConsistency({ ...state, files, chunks: index.connection.listChunks() })).toMatchObject({
      ok: true,
      problems: [],
    });
    const cited = (text: string, startLine: number, endLine: number) => ({
      parsed: { text, path: "sessions/s1.jsonl", startLine, endLine },
      text,
      source: "search" as const,
      turnIndex: 0,
      ...(hit === undefined ? {} : { snippet: hit.snippet }),
    });
    const validity = measureCitationValidity({
      citations: [cited("sessions/s1.jsonl#L1-L3", 1, 3), cited("sessions/s1.jsonl#L2-L3", 2, 3)],
      notes: texts,
    });
    expect(validity).toMatchObject({ checked: 2, valid: 1 });
    expect(validity.invalid[0]?.reason).toBe(
      'lines 2-3 of sessions/s1.jsonl do not contain the snippet\'s first line "User: Hello there."',
    );
    index.close();
  });

  it("decays a transcript hit by the file's modification time", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    await transcriptOf(runtime, "old")(said("The storage unit is number 52 at Hongqiao."), replied("Noted."));
    const path = sessionTranscriptPath({ stateDir: runtime.stateDir, agentId: "main", sessionId: "old" });
    const thirtyDaysAgo = (runtime.now() - 30 * 86_400_000) / 1000;
    utimesSync(path, thirtyDaysAgo, thirtyDaysAgo);
    const index = open(runtime);
    const found = await index.search({ query: "storage unit Hongqiao", minScore: 0 });
    expect(found.hits[0]).toMatchObject({ path: "sessions/old.jsonl", parts: { ageDays: 30, decay: 0.5 } });
    expect(found.hits[0]?.score).toBeCloseTo((found.hits[0]?.parts.merged ?? 0) * 0.5, 12);
    index.close();
  });

  it("drops the transcript rows with a full reindex when the source is turned off, and brings them back when on", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    await transcriptOf(runtime, "s1")(said("My gym locker code is 4417."), replied("Noted."));
    const on = open(runtime);
    expect((await on.sync()).indexed).toEqual(["MEMORY.md", "memory/2026-03-01.md", "sessions/s1.jsonl"]);
    expect(on.connection.readMeta()?.sources).toEqual(["memory", "sessions"]);
    on.close();

    const off = open(runtime, false);
    expect(off.sessionsDir).toBeUndefined();
    const summary = await off.sync();
    expect(summary).toMatchObject({
      fullReindex: true,
      reindexReason: 'sources changed (["memory","sessions"] → ["memory"])',
      indexed: ["MEMORY.md", "memory/2026-03-01.md"],
      deleted: ["sessions/s1.jsonl"],
    });
    expect(off.connection.listChunks().map((chunk) => chunk.source)).toEqual(["memory", "memory"]);
    expect((await off.search({ query: "gym locker code", minScore: 0 })).hits.map((hit) => hit.path)).not.toContain(
      "sessions/s1.jsonl",
    );
    // Transcript writes mean nothing to an index without the source.
    await transcriptOf(runtime, "s2")(said("Another chat."));
    expect(await off.refresh()).toMatchObject({ indexed: [], fullReindex: false });
    off.close();

    const back = open(runtime);
    expect(back.sessionsDir).toBe(join(runtime.stateDir, "agents", "main", "sessions"));
    expect(await back.sync()).toMatchObject({
      fullReindex: true,
      indexed: expect.arrayContaining(["sessions/s1.jsonl", "sessions/s2.jsonl"]),
    });
    back.close();
  });
});
