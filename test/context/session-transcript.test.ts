import { describe, expect, it } from "vitest";
import { createSessionTranscript } from "../../src/context/session-transcript.js";
import type { Message, TranscriptEntry } from "../../src/domain/index.js";

const user = (content: string): Message => ({ role: "user", content });
const reply = (text: string): Message => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "end_turn",
});
const result = (text: string): Message => ({
  role: "tool_result",
  toolCallId: "c1",
  toolName: "read",
  content: [{ type: "text", text }],
  isError: false,
});
const details = { readFiles: [], modifiedFiles: [] };

function create(entries?: readonly TranscriptEntry[], prefix = "e") {
  let next = 0;
  let clock = Date.parse("2026-03-11T09:00:00Z");
  return createSessionTranscript({
    sessionId: "s1",
    newId: () => `${prefix}${++next}`,
    now: () => clock++,
    ...(entries === undefined ? {} : { entries }),
  });
}

describe("createSessionTranscript", () => {
  it("chains appended entries by parentId with ISO timestamps from now()", () => {
    const transcript = create();
    transcript.appendMessage(user("hi"));
    transcript.appendCustom("openclaw.cache-ttl", { provider: "anthropic" });
    expect(transcript.allEntries).toEqual([
      { id: "e1", parentId: null, timestamp: "2026-03-11T09:00:00.000Z", type: "message", message: user("hi") },
      {
        id: "e2",
        parentId: "e1",
        timestamp: "2026-03-11T09:00:00.001Z",
        type: "custom",
        customType: "openclaw.cache-ttl",
        data: { provider: "anthropic" },
      },
    ]);
    expect(transcript.leafId).toBe("e2");
    expect(transcript.buildContext()).toEqual([user("hi")]);
  });

  it("builds the context after a compaction as the summary, then messages from firstKeptEntryId on", () => {
    const transcript = create();
    transcript.appendMessage(user("one"));
    transcript.appendMessage(reply("two"));
    transcript.appendMessage(user("three"));
    transcript.appendMessage(reply("four"));
    transcript.appendCompaction({ summary: "S", firstKeptEntryId: "e3", tokensBefore: 900, tokensAfter: 40, details });
    transcript.appendMessage(user("five"));
    expect(transcript.buildContext()).toEqual([
      { role: "compaction_summary", summary: "S", tokensBefore: 900 },
      user("three"),
      reply("four"),
      user("five"),
    ]);
    expect(transcript.compactionCount).toBe(1);
    expect(transcript.lastCompaction()?.tokensAfter).toBe(40);
  });

  it("uses only the latest compaction on the branch", () => {
    const transcript = create();
    transcript.appendMessage(user("one"));
    transcript.appendMessage(user("two"));
    transcript.appendCompaction({ summary: "first", firstKeptEntryId: "e2", tokensBefore: 10, details });
    transcript.appendMessage(user("three"));
    transcript.appendCompaction({ summary: "second", firstKeptEntryId: "e4", tokensBefore: 20, details });
    expect(transcript.buildContext()).toEqual([
      { role: "compaction_summary", summary: "second", tokensBefore: 20 },
      user("three"),
    ]);
    expect(transcript.compactionCount).toBe(2);
  });

  it("refuses a compaction that keeps from an entry off the branch", () => {
    const transcript = create();
    transcript.appendMessage(user("one"));
    expect(() =>
      transcript.appendCompaction({ summary: "S", firstKeptEntryId: "nope", tokensBefore: 1, details }),
    ).toThrow(/not on the current branch/);
  });

  it("replaces messages by branching from the parent of the first changed entry", () => {
    const transcript = create();
    transcript.appendMessage(user("read it"));
    transcript.appendMessage(result("x".repeat(50)));
    transcript.appendMessage(reply("done"));
    const appended = transcript.replaceMessages(new Map([["e2", result("[truncated]")]]));
    expect(appended.map((entry) => [entry.id, entry.parentId])).toEqual([
      ["e4", "e1"],
      ["e5", "e4"],
    ]);
    expect(transcript.branch.map((entry) => entry.id)).toEqual(["e1", "e4", "e5"]);
    expect(transcript.buildContext()).toEqual([user("read it"), result("[truncated]"), reply("done")]);
    expect(transcript.allEntries).toHaveLength(5);
    expect(transcript.allEntries[1]).toMatchObject({ id: "e2", message: result("x".repeat(50)) });
  });

  it("re-points a re-appended compaction at the re-appended first kept entry", () => {
    const transcript = create();
    transcript.appendMessage(result("big"));
    transcript.appendMessage(user("kept"));
    transcript.appendCompaction({ summary: "S", firstKeptEntryId: "e2", tokensBefore: 5, details });
    transcript.replaceMessages(new Map([["e1", result("small")]]));
    expect(transcript.lastCompaction()).toMatchObject({ id: "e6", parentId: "e5", firstKeptEntryId: "e5" });
    expect(transcript.branch[0]).toMatchObject({ id: "e4", parentId: null });
    expect(transcript.buildContext()).toEqual([
      { role: "compaction_summary", summary: "S", tokensBefore: 5 },
      user("kept"),
    ]);
  });

  it("rejects replacing an entry that is not a message on the branch, and ignores an empty map", () => {
    const transcript = create();
    transcript.appendMessage(user("a"));
    transcript.appendCustom("k", {});
    expect(transcript.replaceMessages(new Map())).toEqual([]);
    expect(() => transcript.replaceMessages(new Map([["e2", user("b")]]))).toThrow(/not a message entry/);
    expect(() => transcript.replaceMessages(new Map([["e9", user("b")]]))).toThrow(/not a message entry/);
  });

  it("drains only the entries appended since the last drain, never the loaded ones", () => {
    const loaded = create();
    loaded.appendMessage(user("old"));
    const transcript = create(loaded.allEntries, "n");
    expect(transcript.leafId).toBe("e1");
    expect(transcript.drain()).toEqual([]);
    const entry = transcript.appendMessage(user("new"));
    expect(entry).toMatchObject({ parentId: "e1" });
    expect(transcript.drain()).toEqual([entry]);
    expect(transcript.drain()).toEqual([]);
  });

  it("finds the last custom entry of a type on the branch", () => {
    const transcript = create();
    transcript.appendCustom("a", { n: 1 });
    transcript.appendCustom("b", { n: 2 });
    transcript.appendCustom("a", { n: 3 });
    expect(transcript.lastCustom("a")?.data).toEqual({ n: 3 });
    expect(transcript.lastCustom("c")).toBeUndefined();
  });

  it("branches from an earlier entry after resetLeaf, keeping every entry", () => {
    const transcript = create();
    transcript.appendMessage(user("a"));
    transcript.appendMessage(reply("error"));
    transcript.resetLeaf("e1");
    expect(transcript.buildContext()).toEqual([user("a")]);
    transcript.appendMessage(user("b"));
    expect(transcript.branch.map((entry) => [entry.id, entry.parentId])).toEqual([
      ["e1", null],
      ["e3", "e1"],
    ]);
    expect(transcript.allEntries).toHaveLength(3);
    transcript.resetLeaf(null);
    expect(transcript.branch).toEqual([]);
    expect(() => transcript.resetLeaf("e9")).toThrow(/no entry e9/);
  });

  it("refuses an id newId already handed out", () => {
    const transcript = createSessionTranscript({ sessionId: "s", newId: () => "same", now: () => 0 });
    transcript.appendMessage(user("a"));
    expect(() => transcript.appendMessage(user("b"))).toThrow(/already taken/);
  });
});
