import { describe, expect, it } from "vitest";
import { findCutPoint } from "../../src/context/find-cut-point.js";
import { NOTHING_TO_COMPACT, planCompaction } from "../../src/context/plan-compaction.js";
import type { Message, TranscriptEntry } from "../../src/domain/index.js";
import { assistantOf, callOf, entriesOf, resultOf, userOf } from "./compaction-fixtures.js";

const TIME = "2026-03-11T00:00:00.000Z";

/** The §4.3 example: e1 user 400 · e2 assistant+call 300 · e3 result 600 · e4 assistant 200 · e5 user 300 · e6 assistant+call 500 · e7 result 400 · e8 assistant 100. */
const example: Message[] = [
  userOf(400),
  assistantOf(300, [callOf("c1")]),
  resultOf("c1", 600),
  assistantOf(200),
  userOf(300),
  assistantOf(500, [callOf("c2")]),
  resultOf("c2", 400),
  assistantOf(100),
];
const [e1, e2, e3, e4, e5, e6, e7, e8] = example;

function compactionEntry(id: string, parentId: string, firstKeptEntryId: string): TranscriptEntry {
  return {
    type: "compaction",
    id,
    parentId,
    timestamp: TIME,
    summary: "s".repeat(40),
    firstKeptEntryId,
    tokensBefore: 9000,
    details: { readFiles: ["a.md"], modifiedFiles: ["b.md"] },
  };
}

function customEntry(id: string, parentId: string): TranscriptEntry {
  return { type: "custom", id, parentId, timestamp: TIME, customType: "openclaw.cache-ttl", data: {} };
}

describe("planCompaction (context.md §4.3)", () => {
  it("keepRecentTokens 1000: cut at e6, turn prefix [e5], summarise e1–e4, keep e6–e8", () => {
    expect(planCompaction({ entries: entriesOf(example), keepRecentTokens: 1000 })).toEqual({
      messagesToSummarize: [e1, e2, e3, e4],
      turnPrefix: [e5],
      isSplitTurn: true,
      firstKeptEntryId: "e6",
      keptMessages: [e6, e7, e8],
      tokensBefore: 2800,
    });
  });

  it("keepRecentTokens 450: the cut moves off the tool result e7 to e8; prefix e5–e7 keeps the pair", () => {
    expect(planCompaction({ entries: entriesOf(example), keepRecentTokens: 450 })).toEqual({
      messagesToSummarize: [e1, e2, e3, e4],
      turnPrefix: [e5, e6, e7],
      isSplitTurn: true,
      firstKeptEntryId: "e8",
      keptMessages: [e8],
      tokensBefore: 2800,
    });
  });

  it("a cut on a user message is not a split turn", () => {
    const plan = planCompaction({ entries: entriesOf(example), keepRecentTokens: 1300 });
    expect(plan).toMatchObject({ messagesToSummarize: [e1, e2, e3, e4], turnPrefix: [], isSplitTurn: false });
    expect(plan.firstKeptEntryId).toBe("e5");
  });

  it("skips an empty transcript with 'nothing to compact'", () => {
    expect(planCompaction({ entries: [], keepRecentTokens: 1000 })).toEqual({
      skip: NOTHING_TO_COMPACT,
      messagesToSummarize: [],
      turnPrefix: [],
      isSplitTurn: false,
      firstKeptEntryId: "",
      keptMessages: [],
      tokensBefore: 0,
    });
    expect(NOTHING_TO_COMPACT).toBe("nothing to compact");
  });

  it("skips when the last entry is already a compaction", () => {
    const entries = [...entriesOf(example), compactionEntry("c", "e8", "e6")];
    const plan = planCompaction({ entries, keepRecentTokens: 10 });
    expect(plan.skip).toBe(NOTHING_TO_COMPACT);
    expect(plan).toMatchObject({ messagesToSummarize: [], turnPrefix: [], keptMessages: [], tokensBefore: 10 });
  });

  it("skips when the whole range stays verbatim (one huge user message)", () => {
    const plan = planCompaction({ entries: entriesOf([userOf(225_000)]), keepRecentTokens: 20_000 });
    expect(plan).toMatchObject({ skip: NOTHING_TO_COMPACT, firstKeptEntryId: "e1", tokensBefore: 225_000 });
  });

  it("plans only after the last compaction, counting the previous summary and passing its details on", () => {
    const [u1, a1, u2, a2] = [userOf(300), assistantOf(50), userOf(200), assistantOf(100)];
    const entries = [...entriesOf(example), compactionEntry("c", "e8", "e6"), ...entriesOf([u1, a1, u2, a2], 10)];
    const plan = planCompaction({ entries, keepRecentTokens: 250 });
    expect(plan).toEqual({
      messagesToSummarize: [u1, a1],
      turnPrefix: [],
      isSplitTurn: false,
      firstKeptEntryId: "e12",
      keptMessages: [u2, a2],
      tokensBefore: 10 + 650,
      previousSummary: "s".repeat(40),
      previousFileDetails: { readFiles: ["a.md"], modifiedFiles: ["b.md"] },
    });
  });

  it("uses the last reported usage for tokensBefore", () => {
    const withUsage = {
      ...assistantOf(100),
      usage: { inputTokens: 5000, outputTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0 },
    };
    const plan = planCompaction({ entries: entriesOf([userOf(400), withUsage, userOf(200)]), keepRecentTokens: 100 });
    expect(plan.tokensBefore).toBe(5300);
  });

  it("pulls non-message entries directly before the cut into the kept tail", () => {
    const messages = entriesOf(example);
    const entries = [...messages.slice(0, 4), customEntry("x1", "e4"), customEntry("x2", "x1"), ...messages.slice(4)];
    const plan = planCompaction({ entries, keepRecentTokens: 1300 });
    expect(plan).toMatchObject({ firstKeptEntryId: "x1", isSplitTurn: false, keptMessages: [e5, e6, e7, e8] });
  });
});

describe("findCutPoint (context.md §4.3)", () => {
  it("keeps everything from the first valid cut when the budget is never reached", () => {
    const entries = entriesOf([resultOf("zz", 5), userOf(10), assistantOf(10)]);
    expect(findCutPoint({ entries, start: 0, keepRecentTokens: 1000 })).toEqual({ cutIndex: 1, firstKeptIndex: 1 });
  });

  it("falls back to the first valid cut when a trailing tool result reaches the budget (classic)", () => {
    const entries = entriesOf([userOf(10), assistantOf(10, [callOf("c")]), resultOf("c", 5000)]);
    expect(findCutPoint({ entries, start: 0, keepRecentTokens: 1000 })).toEqual({ cutIndex: 0, firstKeptIndex: 0 });
  });

  it("is undefined when the range has no valid cut point", () => {
    expect(findCutPoint({ entries: entriesOf([resultOf("c", 5)]), start: 0, keepRecentTokens: 1 })).toBeUndefined();
    expect(findCutPoint({ entries: [], start: 0, keepRecentTokens: 1 })).toBeUndefined();
  });

  it("is not a split turn when no user message starts the cut's turn within the range", () => {
    const entries = entriesOf([assistantOf(100), assistantOf(100), assistantOf(100)]);
    expect(findCutPoint({ entries, start: 0, keepRecentTokens: 150 })).toEqual({ cutIndex: 1, firstKeptIndex: 1 });
  });
});
