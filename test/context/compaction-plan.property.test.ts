// Guards against: cuts that split a tool call from its result, kept tails that are not a suffix,
// chunkers that lose, duplicate or reorder messages or overfill chunks, repairs that leave orphans
// or unanswered calls, and token estimates that shrink when content grows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chunkMessagesByMaxTokens,
  SAFETY_MARGIN,
  splitMessagesByTokenShare,
} from "../../src/context/chunk-messages.js";
import { planCompaction } from "../../src/context/plan-compaction.js";
import { repairToolPairing } from "../../src/context/repair-tool-pairing.js";
import type { Message, TranscriptEntry } from "../../src/domain/index.js";
import { toolCallsOf } from "../../src/domain/index.js";
import { estimateMessagesTokens, estimateMessageTokens } from "../../src/platform/estimate-tokens.js";
import { assertProperty } from "../support/assert-property.js";
import { assistantOf, callOf, resultOf, userOf } from "./compaction-fixtures.js";

const TIME = "2026-03-11T00:00:00.000Z";
const size = fc.integer({ min: 0, max: 2500 });

/** One assistant step: its size and the sizes of 0–3 tool results. */
const step = fc.record({ tokens: size, results: fc.array(size, { maxLength: 3 }) });
const turn = fc.record({ user: size, steps: fc.array(step, { minLength: 1, maxLength: 3 }) });

/** Well-formed histories: user turns of assistants whose tool results follow them directly. */
const historyArbitrary: fc.Arbitrary<Message[]> = fc.array(turn, { maxLength: 8 }).map((turns) => {
  const messages: Message[] = [];
  let nextCall = 0;
  for (const { user, steps } of turns) {
    messages.push(userOf(user));
    for (const { tokens, results } of steps) {
      const ids = results.map(() => `call-${nextCall++}`);
      messages.push(
        assistantOf(
          tokens,
          ids.map((id) => callOf(id)),
        ),
      );
      messages.push(...results.map((resultTokens, index) => resultOf(ids[index] as string, resultTokens)));
    }
  }
  return messages;
});

/** Transcript entries of a history, with bookkeeping entries and at most one compaction mixed in. */
const transcriptArbitrary = fc
  .tuple(historyArbitrary, fc.array(fc.nat(), { maxLength: 3 }), fc.option(fc.nat()))
  .map(([history, customAt, compactionAt]) => {
    const entries: TranscriptEntry[] = [];
    history.forEach((message, index) => {
      const parentId = entries.at(-1)?.id ?? null;
      if (customAt.some((position) => position % (history.length + 1) === index)) {
        entries.push({ type: "custom", id: `x${index}`, parentId, timestamp: TIME, customType: "t", data: {} });
      }
      if (compactionAt !== null && compactionAt % (history.length + 1) === index && index > 0) {
        const details = { readFiles: [], modifiedFiles: [] };
        const compaction = { summary: "s", firstKeptEntryId: `e${index}`, tokensBefore: 1, details };
        entries.push({
          type: "compaction",
          id: `c${index}`,
          parentId: entries.at(-1)?.id ?? null,
          timestamp: TIME,
          ...compaction,
        });
      }
      entries.push({
        type: "message",
        id: `e${index}`,
        parentId: entries.at(-1)?.id ?? null,
        timestamp: TIME,
        message,
      });
    });
    return entries;
  });

function rangeMessages(entries: readonly TranscriptEntry[]): Message[] {
  const start = entries.findLastIndex((entry) => entry.type === "compaction") + 1;
  return entries.slice(start).flatMap((entry) => (entry.type === "message" ? [entry.message] : []));
}

const callIds = (messages: readonly Message[]) =>
  new Set(
    messages.flatMap((message) => (message.role === "assistant" ? toolCallsOf(message).map((call) => call.id) : [])),
  );

describe("planCompaction properties (context.md §4.3)", () => {
  it("a cut never separates a tool call from its result", () => {
    assertProperty(
      fc.property(transcriptArbitrary, fc.integer({ min: 0, max: 12_000 }), (entries, keepRecentTokens) => {
        const plan = planCompaction({ entries, keepRecentTokens });
        if (plan.skip !== undefined) return;
        expect(plan.keptMessages[0]?.role).not.toBe("tool_result");
        const reachable = callIds([...plan.turnPrefix, ...plan.keptMessages]);
        for (const message of plan.keptMessages) {
          if (message.role === "tool_result") expect(reachable.has(message.toolCallId)).toBe(true);
        }
      }),
    );
  });

  it("kept-verbatim messages are a suffix of the history, after the summarised part and the prefix", () => {
    assertProperty(
      fc.property(transcriptArbitrary, fc.integer({ min: 0, max: 12_000 }), (entries, keepRecentTokens) => {
        const plan = planCompaction({ entries, keepRecentTokens });
        const range = rangeMessages(entries);
        expect(plan.keptMessages).toEqual(range.slice(range.length - plan.keptMessages.length));
        if (plan.skip === undefined) {
          expect([...plan.messagesToSummarize, ...plan.turnPrefix, ...plan.keptMessages]).toEqual(range);
        }
      }),
    );
  });
});

describe("chunking properties (context.md §4.5)", () => {
  it("chunking by max tokens covers every message once, in order, each chunk within its limit unless a lone oversized message", () => {
    assertProperty(
      fc.property(historyArbitrary, fc.integer({ min: 1, max: 6000 }), (messages, maxChunkTokens) => {
        const chunks = chunkMessagesByMaxTokens(messages, maxChunkTokens);
        const flat = chunks.flat();
        expect(flat).toHaveLength(messages.length);
        for (const [index, message] of flat.entries()) expect(message).toBe(messages[index]);
        const limit = Math.max(1, Math.floor(maxChunkTokens / SAFETY_MARGIN));
        for (const chunk of chunks) {
          expect(chunk.length).toBeGreaterThan(0);
          if (estimateMessagesTokens(chunk) > limit) expect(chunk).toHaveLength(1);
        }
      }),
    );
  });

  it("splitting by token share covers every message once, in order, in at most `parts` non-empty chunks", () => {
    assertProperty(
      fc.property(historyArbitrary, fc.integer({ min: -1, max: 6 }), (messages, parts) => {
        const chunks = splitMessagesByTokenShare(messages, parts);
        expect(chunks.flat()).toEqual(messages);
        expect(chunks.length).toBeLessThanOrEqual(Math.max(1, parts));
        for (const chunk of chunks) expect(chunk.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("repairToolPairing properties (context.md §2.4)", () => {
  it("after repair every tool call is directly followed by exactly its results and no result is orphaned", () => {
    const shuffled = historyArbitrary.chain((messages) =>
      fc.shuffledSubarray(messages, { minLength: 0, maxLength: messages.length }),
    );
    assertProperty(
      fc.property(shuffled, (messages) => {
        const repaired = repairToolPairing(messages).messages;
        repaired.forEach((message, index) => {
          if (message.role === "tool_result") expect(repaired[index - 1]?.role).toMatch(/assistant|tool_result/);
          if (message.role !== "assistant") return;
          const ids = toolCallsOf(message).map((call) => call.id);
          const following = repaired.slice(index + 1, index + 1 + ids.length);
          expect(following.map((result) => (result.role === "tool_result" ? result.toolCallId : "-"))).toEqual(ids);
          expect(repaired[index + 1 + ids.length]?.role).not.toBe("tool_result");
        });
      }),
    );
  });
});

function appendText(message: Message, text: string): Message {
  switch (message.role) {
    case "user":
      return { ...message, content: message.content + text };
    case "assistant":
      return { ...message, content: [...message.content, { type: "text", text }] };
    case "tool_result":
      return { ...message, content: [...message.content, { type: "text", text }] };
    case "custom":
      return {
        ...message,
        content:
          typeof message.content === "string" ? message.content + text : [...message.content, { type: "text", text }],
      };
    case "compaction_summary":
      return { ...message, summary: message.summary + text };
  }
}

describe("estimate properties (context.md §3)", () => {
  it("estimates are monotone in content: appending text to any message never lowers estimateMessagesTokens", () => {
    const extra: fc.Arbitrary<Message> = fc.oneof(
      fc.string().map((content) => ({ role: "custom", customType: "memory", content }) as const),
      fc.string().map((summary) => ({ role: "compaction_summary", summary, tokensBefore: 1 }) as const),
    );
    const messagesArbitrary = fc
      .tuple(historyArbitrary, fc.array(extra, { maxLength: 2 }))
      .map(([history, more]) => [...history, ...more]);
    assertProperty(
      fc.property(messagesArbitrary, fc.nat(), fc.string({ unit: "grapheme" }), (messages, at, text) => {
        fc.pre(messages.length > 0);
        const index = at % messages.length;
        const grown = messages.map((message, position) => (position === index ? appendText(message, text) : message));
        expect(estimateMessagesTokens(grown)).toBeGreaterThanOrEqual(estimateMessagesTokens(messages));
        expect(estimateMessageTokens(grown[index] as Message)).toBeGreaterThanOrEqual(
          estimateMessageTokens(messages[index] as Message),
        );
      }),
    );
  });
});
