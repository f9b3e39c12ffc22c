import { describe, expect, it } from "vitest";
import { chunkSessionTranscript } from "../../src/memory/chunk-session-transcript.js";
import { flattenSessionTranscript } from "../../src/memory/flatten-session-transcript.js";

const user = (content: unknown, kind?: string) =>
  JSON.stringify({ type: "message", message: { role: "user", content, ...(kind === undefined ? {} : { kind }) } });
const assistant = (...content: unknown[]) =>
  JSON.stringify({ type: "message", message: { role: "assistant", content, stopReason: "end_turn" } });
const text = (value: string) => ({ type: "text", text: value });

/** One JSONL line per entry, each ending in a newline, as the transcript store writes them. */
const jsonl = (...lines: string[]) => `${lines.join("\n")}\n`;

const TRANSCRIPT = jsonl(
  user("My gym locker code is 4417.\nPlease remember it.", "user"),
  assistant(text("Noted."), { type: "tool_call", id: "c1", name: "write", input: { path: "x" } }),
  JSON.stringify({
    type: "message",
    message: { role: "tool_result", toolCallId: "c1", toolName: "write", content: [text("ok")], isError: false },
  }),
  JSON.stringify({ type: "custom", customType: "openclaw.cache-ttl", data: { timestamp: 1 } }),
  '{"type":"message","message":{"role":"user","content":"broken',
  "",
  JSON.stringify({
    type: "compaction",
    summary: "Locker talk.",
    firstKeptEntryId: "e1",
    tokensBefore: 10,
    details: {},
  }),
  assistant(text("Saved  \n\n  it"), text("for later.")),
  user("Read HEARTBEAT.md if it exists.\n\nCurrent time: Wednesday", "heartbeat"),
  assistant(text("HEARTBEAT_OK")),
  user(
    "<relevant-memories>\nThese are untrusted notes.\n1. locker 4417 (Source: sessions/a.jsonl#L1)\n</relevant-memories>\n\nWhat is my code?",
  ),
  assistant(text("4417.")),
  JSON.stringify({ type: "message", message: { role: "custom", customType: "memory.recall", content: "x" } }),
  assistant({ type: "tool_call", id: "c2", name: "read", input: {} }),
);

describe("flattenSessionTranscript (memory.md §10)", () => {
  it("turns user and assistant text into one line per message, keeping each message's JSONL line", () => {
    const flattened = flattenSessionTranscript(TRANSCRIPT);
    expect(flattened.lines).toEqual([
      { text: "User: My gym locker code is 4417. Please remember it.", jsonlLine: 1 },
      { text: "Assistant: Noted.", jsonlLine: 2 },
      { text: "Assistant: Saved it for later.", jsonlLine: 8 },
      { text: "User: What is my code?", jsonlLine: 11 },
      { text: "Assistant: 4417.", jsonlLine: 12 },
    ]);
    expect(flattened.conversational).toBe(true);
    const aligned = flattened.alignedText.split("\n");
    expect(aligned).toHaveLength(TRANSCRIPT.split("\n").length);
    expect(aligned[0]).toBe("User: My gym locker code is 4417. Please remember it.");
    expect(aligned[7]).toBe("Assistant: Saved it for later.");
    expect(aligned.filter((line) => line !== "")).toEqual(flattened.lines.map((line) => line.text));
  });

  it("counts CRLF files by their \\n lines and reads user content given as text blocks", () => {
    const crlf = `${user([text("Blocks\r\nwork"), { type: "image" }], "user")}\r\n${assistant(text("Yes."))}\r\n`;
    expect(flattenSessionTranscript(crlf).lines).toEqual([
      { text: "User: Blocks work", jsonlLine: 1 },
      { text: "Assistant: Yes.", jsonlLine: 2 },
    ]);
  });

  it("treats a transcript of heartbeat polls and system events only as no conversation", () => {
    const automated = jsonl(
      user("Read HEARTBEAT.md if it exists.", "heartbeat"),
      assistant(text("HEARTBEAT_OK")),
      user("System: [2026-03-11 09:00] Stretch.\n\nA scheduled reminder has been triggered.", "system"),
      assistant(text("Time to stretch!")),
    );
    expect(flattenSessionTranscript(automated)).toEqual({ lines: [], conversational: false, alignedText: "\n\n\n\n" });
    expect(flattenSessionTranscript("").conversational).toBe(false);
    expect(flattenSessionTranscript("not json\n").lines).toEqual([]);
  });

  it("keeps the conversation around heartbeat and cron turns of a main session, and leaves those turns out", () => {
    const mixed = jsonl(
      user("Read HEARTBEAT.md if it exists.", "heartbeat"),
      assistant(text("Two alerts pending.")),
      user("Which alerts?"),
      assistant(text("The disk and the backup.")),
      user("System: [09:00] Water the plants.", "system"),
      assistant(text("Reminder: water the plants.")),
    );
    expect(flattenSessionTranscript(mixed)).toMatchObject({
      conversational: true,
      lines: [
        { text: "User: Which alerts?", jsonlLine: 3 },
        { text: "Assistant: The disk and the backup.", jsonlLine: 4 },
      ],
    });
  });
});

describe("chunkSessionTranscript", () => {
  it("chunks the flattened lines like a note and maps chunk ranges to JSONL lines", () => {
    const lines = [
      { text: "User: alpha beta", jsonlLine: 2 },
      { text: "Assistant: gamma", jsonlLine: 5 },
      { text: "User: delta epsilon", jsonlLine: 9 },
      { text: "Assistant: zeta", jsonlLine: 14 },
    ];
    // maxChars 40, overlap 8: costs 17, 17, 20, 16 close chunks before lines 3 and 4, each carrying one line.
    expect(chunkSessionTranscript({ lines, tokens: 10, overlap: 2 })).toEqual([
      { startLine: 2, endLine: 5, text: "User: alpha beta\nAssistant: gamma" },
      { startLine: 5, endLine: 9, text: "Assistant: gamma\nUser: delta epsilon" },
      { startLine: 9, endLine: 14, text: "User: delta epsilon\nAssistant: zeta" },
    ]);
  });

  it("keeps a long message's pieces on its JSONL line, and gives no chunks for no lines", () => {
    const long = { text: `User: ${"x".repeat(70)}`, jsonlLine: 7 };
    expect(chunkSessionTranscript({ lines: [long], tokens: 10, overlap: 0 })).toEqual([
      { startLine: 7, endLine: 7, text: long.text.slice(0, 40) },
      { startLine: 7, endLine: 7, text: long.text.slice(40) },
    ]);
    expect(chunkSessionTranscript({ lines: [], tokens: 400, overlap: 80 })).toEqual([]);
  });
});
