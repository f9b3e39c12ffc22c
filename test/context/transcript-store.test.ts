import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionTranscript } from "../../src/context/session-transcript.js";
import {
  createTranscriptStore,
  MAX_TRANSCRIPT_BYTES,
  parseTranscriptText,
  sessionTranscriptPath,
} from "../../src/context/transcript-store.js";
import { formatDiagnostic, type Message, type Runtime } from "../../src/domain/index.js";
import { createRuntime } from "../../src/platform/create-runtime.js";
import { createTestRuntime, TEST_PLATFORM } from "../../src/platform/create-test-runtime.js";

const user = (content: string): Message => ({ role: "user", content });
const reply: Message = {
  role: "assistant",
  content: [
    { type: "text", text: "reading" },
    { type: "tool_call", id: "c1", name: "read", input: { path: "a.md" } },
  ],
  stopReason: "tool_use",
  usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
};
const toolResult: Message = {
  role: "tool_result",
  toolCallId: "c1",
  toolName: "read",
  content: [{ type: "text", text: "body" }],
  isError: false,
  details: { path: "a.md" },
};

function nodeRuntime(): Runtime & { root: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-store-")));
  const runtime = createRuntime({
    now: () => 1_773_219_600_000,
    timezone: "UTC",
    env: {},
    homeDir: root,
    seed: 7,
    platform: TEST_PLATFORM,
  });
  return { ...runtime, root };
}

describe("sessionTranscriptPath", () => {
  it("puts the session under the agent's sessions folder", () => {
    expect(sessionTranscriptPath({ stateDir: "/s", agentId: "main", sessionId: "abc" })).toBe(
      "/s/agents/main/sessions/abc.jsonl",
    );
  });
});

describe.each([
  ["node runtime", nodeRuntime],
  ["test runtime", () => createTestRuntime()],
])("createTranscriptStore on the %s", (_name, makeRuntime) => {
  it("round-trips appended entries through a JSONL file, one line each", async () => {
    const runtime = makeRuntime();
    const path = sessionTranscriptPath({ stateDir: join(runtime.root, "state"), agentId: "main", sessionId: "s1" });
    const store = createTranscriptStore({ fs: runtime.fs, path });
    expect(await store.load()).toEqual({ entries: [], diagnostics: [] });
    const transcript = createSessionTranscript({
      sessionId: "s1",
      newId: () => runtime.newId("entry"),
      now: runtime.now,
    });
    transcript.appendMessage(user("hi"));
    transcript.appendMessage(reply);
    transcript.appendMessage(toolResult);
    await store.append(transcript.drain());
    transcript.appendCompaction({
      summary: "S",
      firstKeptEntryId: transcript.branch[1]?.id ?? "",
      tokensBefore: 30,
      details: { readFiles: ["a.md"], modifiedFiles: [] },
    });
    transcript.appendCustom("openclaw.cache-ttl", { provider: "anthropic", modelId: "m", timestamp: 1 });
    await store.append(transcript.drain());
    expect(readFileSync(path, "utf8").split("\n")).toHaveLength(6);
    const loaded = await store.load();
    expect(loaded).toEqual({ entries: transcript.allEntries, diagnostics: [] });
    const reloaded = createSessionTranscript({
      sessionId: "s1",
      newId: () => "x",
      now: runtime.now,
      entries: loaded.entries,
    });
    expect(reloaded.buildContext()).toEqual(transcript.buildContext());
  });
});

describe("parseTranscriptText", () => {
  const options = { file: "s.jsonl", newId: () => "unused", now: () => 0 };

  it("skips corrupt lines with a diagnostic naming the line, and keeps the rest", () => {
    const text = [
      JSON.stringify({
        id: "a",
        parentId: null,
        timestamp: "2026-03-11T09:00:00.000Z",
        type: "message",
        message: user("hi"),
      }),
      "{not json",
      "",
      JSON.stringify({ id: "b", parentId: "a", type: "message", message: { role: "robot", content: "?" } }),
      JSON.stringify({ id: "a", parentId: null, type: "custom", customType: "k", data: {} }),
      JSON.stringify({ id: "c", parentId: "zz", type: "custom", customType: "k", data: {} }),
      JSON.stringify({ id: "d", type: "message", message: { role: "user", content: 5 } }),
      JSON.stringify({
        id: "e",
        parentId: "a",
        timestamp: "2026-03-11T09:00:01.000Z",
        type: "message",
        message: user("ok"),
      }),
    ].join("\n");
    const { entries, diagnostics } = parseTranscriptText({ ...options, text });
    expect(entries.map((entry) => entry.id)).toEqual(["a", "e"]);
    expect(diagnostics.map((diagnostic) => [diagnostic.line, diagnostic.path])).toEqual([
      [2, ""],
      [4, "message.role"],
      [7, "message.content"],
      [5, "id"],
      [6, "parentId"],
    ]);
    expect(formatDiagnostic(diagnostics[3]!)).toBe(
      "s.jsonl:5:1: id: expected an id no earlier line uses (fix the line or delete it; the other lines still load), found duplicate id a",
    );
    expect(diagnostics[0]?.found).toMatch(/^invalid JSON/);
  });

  it("completes hand-written entries: new ids, parent chained to the previous entry, timestamp from now()", () => {
    const ids = ["n1", "taken", "n2"];
    const text = [
      JSON.stringify({ type: "message", message: user("one") }),
      JSON.stringify({ id: "taken", type: "message", message: user("two") }),
      JSON.stringify({ type: "message", message: user("three") }),
      JSON.stringify({
        parentId: null,
        type: "compaction",
        summary: "S",
        firstKeptEntryId: "taken",
        tokensBefore: 3,
        details: { readFiles: [], modifiedFiles: [] },
      }),
    ].join("\r\n");
    const { entries, diagnostics } = parseTranscriptText({
      ...options,
      newId: () => ids.shift() ?? "?",
      now: () => 0,
      text,
    });
    expect(diagnostics).toEqual([]);
    expect(entries.map((entry) => [entry.id, entry.parentId, entry.timestamp])).toEqual([
      ["n1", null, "1970-01-01T00:00:00.000Z"],
      ["taken", "n1", "1970-01-01T00:00:00.000Z"],
      ["n2", "taken", "1970-01-01T00:00:00.000Z"],
      ["?", null, "1970-01-01T00:00:00.000Z"],
    ]);
  });
});

describe("createTranscriptStore with hand-written files", () => {
  it("gives missing ids the same values on every load, so appended entries stay chained", async () => {
    const runtime = createTestRuntime({
      files: { "s.jsonl": `${JSON.stringify({ type: "message", message: user("seed") })}` },
    });
    const store = createTranscriptStore({ fs: runtime.fs, path: join(runtime.root, "s.jsonl") });
    const first = await store.load();
    expect(first.entries.map((entry) => entry.id)).toEqual(["fixture-1"]);
    const transcript = createSessionTranscript({
      sessionId: "s",
      newId: () => runtime.newId("entry"),
      now: runtime.now,
      entries: first.entries,
    });
    transcript.appendMessage(user("next"));
    await store.append(transcript.drain());
    const second = await createTranscriptStore({ fs: runtime.fs, path: join(runtime.root, "s.jsonl") }).load();
    expect(second.diagnostics).toEqual([]);
    expect(
      createSessionTranscript({
        sessionId: "s",
        newId: () => "x",
        now: () => 0,
        entries: second.entries,
      }).buildContext(),
    ).toEqual([user("seed"), user("next")]);
  });

  it("refuses a transcript file over 64 MiB", async () => {
    const runtime = createTestRuntime();
    const path = join(runtime.root, "big.jsonl");
    writeFileSync(path, "");
    const fs = {
      ...runtime.fs,
      stat: async () => ({ kind: "file" as const, size: MAX_TRANSCRIPT_BYTES + 1, mtimeMs: 0, links: 1 }),
    };
    await expect(createTranscriptStore({ fs, path }).load()).rejects.toThrow(
      /big\.jsonl is 64\.0 MiB; transcripts over 64 MiB are not read/,
    );
  });
});
