import { describe, expect, it } from "vitest";
import { pruneHistoryForContextShare, shouldPruneHistoryShare } from "../../src/context/prune-history-share.js";
import { assistantOf, callOf, resultOf, userOf } from "./compaction-fixtures.js";

describe("pruneHistoryForContextShare (context.md §5.2)", () => {
  it("W 2 000, share 0.5, four 1 000-token users: drops [1,2] then [3], keeps [4]", () => {
    const messages = [1, 2, 3, 4].map((fill) => userOf(1000, String(fill)));
    expect(pruneHistoryForContextShare({ messages, contextWindow: 2000, maxHistoryShare: 0.5 })).toEqual({
      kept: [messages[3]],
      dropped: messages.slice(0, 3),
      droppedChunks: 2,
    });
  });

  it("keeps everything when it fits the budget", () => {
    const messages = [userOf(400), userOf(600)];
    expect(pruneHistoryForContextShare({ messages, contextWindow: 2000, maxHistoryShare: 0.5 })).toEqual({
      kept: messages,
      dropped: [],
      droppedChunks: 0,
    });
  });

  it("drops tool results orphaned by the split, in original order", () => {
    const call = assistantOf(300, [callOf("c1")]);
    const result = resultOf("c1", 200);
    const tail = [userOf(400), assistantOf(400)];
    const messages = [userOf(500), call, result, ...tail];
    expect(pruneHistoryForContextShare({ messages, contextWindow: 2000, maxHistoryShare: 0.5 })).toEqual({
      kept: tail,
      dropped: [messages[0], call, result],
      droppedChunks: 1,
    });
  });

  it("stops at one message even when it alone is over the budget", () => {
    const messages = [userOf(3000), userOf(3000)];
    const pruned = pruneHistoryForContextShare({ messages, contextWindow: 2000, maxHistoryShare: 0.5 });
    expect(pruned).toEqual({ kept: [messages[1]], dropped: [messages[0]], droppedChunks: 1 });
  });
});

describe("shouldPruneHistoryShare (context.md §5.2)", () => {
  const summarised = [userOf(1000)];
  const prefix = [userOf(500)];

  it("prunes when the unsummarised tokens exceed floor(W × share × 1.2)", () => {
    const base = { messagesToSummarize: summarised, turnPrefix: prefix, contextWindow: 2000, maxHistoryShare: 0.5 };
    expect(shouldPruneHistoryShare({ ...base, tokensBefore: 1500 + 1200 })).toBe(false);
    expect(shouldPruneHistoryShare({ ...base, tokensBefore: 1500 + 1201 })).toBe(true);
    expect(shouldPruneHistoryShare({ ...base, tokensBefore: 0 })).toBe(false);
  });
});
