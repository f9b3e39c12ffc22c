// Guards against: entries lost, reordered or re-linked between memory and the JSONL file, fields
// the writer emits but the parser rejects or drops, branches and compactions that resolve
// differently after a reload, and rewrites that edit entries in place.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSessionTranscript, type SessionTranscript } from "../../src/context/session-transcript.js";
import { formatTranscriptLines, parseTranscriptText } from "../../src/context/transcript-store.js";
import type { Message, TranscriptEntry } from "../../src/domain/index.js";
import { createIdGenerator, createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { assertProperty } from "../support/assert-property.js";

const text = fc.string({ unit: "binary", maxLength: 12 });
const textBlocks = fc.array(
  text.map((value) => ({ type: "text" as const, text: value })),
  { maxLength: 2 },
);
const json = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record(
    { role: fc.constant("user"), content: text, kind: fc.constantFrom("user", "heartbeat", "system") },
    { requiredKeys: ["role", "content"] },
  ),
  fc.record(
    {
      role: fc.constant("assistant"),
      content: fc.array(
        fc.oneof(
          text.map((value) => ({ type: "text" as const, text: value })),
          fc.record({ type: fc.constant("tool_call" as const), id: text, name: text, input: json }),
        ),
        { maxLength: 3 },
      ),
      stopReason: fc.constantFrom("end_turn", "tool_use", "max_tokens", "refusal", "error", "aborted"),
      usage: fc.record({
        inputTokens: fc.nat(),
        outputTokens: fc.nat(),
        cacheReadTokens: fc.nat(),
        cacheWriteTokens: fc.nat(),
      }),
    },
    { requiredKeys: ["role", "content", "stopReason"] },
  ),
  fc.record(
    {
      role: fc.constant("tool_result"),
      toolCallId: text,
      toolName: text,
      content: textBlocks,
      isError: fc.boolean(),
      details: json,
    },
    { requiredKeys: ["role", "toolCallId", "toolName", "content", "isError"] },
  ),
  fc.record({ role: fc.constant("custom"), customType: text, content: fc.oneof(text, textBlocks) }),
  fc.record({ role: fc.constant("compaction_summary"), summary: text, tokensBefore: fc.nat() }),
) as fc.Arbitrary<Message>;

type Operation =
  | { kind: "message"; message: Message }
  | { kind: "custom"; customType: string; data: Record<string, unknown> }
  | { kind: "compaction"; pick: number; summary: string; tokensBefore: number; tokensAfter?: number; files: string[] }
  | { kind: "replace"; picks: number[]; messages: Message[] }
  | { kind: "flush" };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: message.map((value) => ({ kind: "message" as const, message: value })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("custom" as const), customType: text, data: json }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        kind: fc.constant("compaction" as const),
        pick: fc.nat(),
        summary: text,
        tokensBefore: fc.nat(),
        tokensAfter: fc.nat(),
        files: fc.array(text, { maxLength: 2 }),
      },
      { requiredKeys: ["kind", "pick", "summary", "tokensBefore", "files"] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("replace" as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      messages: fc.array(message, { minLength: 3, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "flush" as const }) },
);

/** Applies one step; `flush` moves the drained entries into `file`, as the store's append does. */
function apply(transcript: SessionTranscript, file: string[], step: Operation): void {
  const branch = transcript.branch;
  const messageIds = branch.filter((entry) => entry.type === "message").map((entry) => entry.id);
  switch (step.kind) {
    case "message":
      transcript.appendMessage(step.message);
      return;
    case "custom":
      transcript.appendCustom(step.customType, step.data);
      return;
    case "compaction": {
      const kept = branch[step.pick % Math.max(1, branch.length)];
      if (kept === undefined) return;
      transcript.appendCompaction({
        summary: step.summary,
        firstKeptEntryId: kept.id,
        tokensBefore: step.tokensBefore,
        ...(step.tokensAfter === undefined ? {} : { tokensAfter: step.tokensAfter }),
        details: { readFiles: step.files, modifiedFiles: [...step.files].reverse() },
      });
      return;
    }
    case "replace": {
      if (messageIds.length === 0) return;
      const replacements = new Map(
        step.picks.map((pick, index) => [
          messageIds[pick % messageIds.length] as string,
          step.messages[index] as Message,
        ]),
      );
      transcript.replaceMessages(replacements);
      return;
    }
    case "flush":
      file.push(formatTranscriptLines(transcript.drain()));
  }
}

describe("session transcript persistence", () => {
  it("written to JSONL and parsed back, any history of appends, compactions and rewrites gives the same entries, branch and context", () => {
    assertProperty(
      fc.property(fc.array(operation, { maxLength: 25 }), fc.integer(), (steps, seed) => {
        const random = createSeededRandom(seed);
        const newId = createIdGenerator(random);
        let clock = Date.parse("2026-03-11T09:00:00Z");
        const transcript = createSessionTranscript({ sessionId: "s", newId: () => newId("entry"), now: () => clock++ });
        const file: string[] = [];
        const written: TranscriptEntry[] = [];
        for (const step of steps) {
          apply(transcript, file, step);
          written.push(...structuredClone(transcript.allEntries.slice(written.length)));
        }
        file.push(formatTranscriptLines(transcript.drain()));
        const parsed = parseTranscriptText({
          text: file.join(""),
          file: "s.jsonl",
          newId: () => "unused",
          now: () => 0,
        });
        expect(parsed.diagnostics).toEqual([]);
        expect(transcript.allEntries).toEqual(written);
        const reloaded = createSessionTranscript({
          sessionId: "s",
          newId: () => "unused",
          now: () => 0,
          entries: parsed.entries,
        });
        expect(reloaded.allEntries).toEqual(transcript.allEntries);
        expect(reloaded.branch).toEqual(transcript.branch);
        expect(reloaded.leafId).toBe(transcript.leafId);
        expect(reloaded.buildContext()).toEqual(transcript.buildContext());
      }),
    );
  });
});
