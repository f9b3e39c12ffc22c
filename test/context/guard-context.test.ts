import { describe, expect, it } from "vitest";
import {
  estimateGuardChars,
  GUARD_CLEARED_PLACEHOLDER,
  GUARD_TRUNCATION_NOTICE,
  guardContext,
  guardLimits,
  PREEMPTIVE_OVERFLOW_MESSAGE,
  truncateTextToBudget,
} from "../../src/context/guard-context.js";
import { assistantOf, snapshot, toolResultOf, userOf } from "./pruning-messages.js";

describe("guard limits and estimate (context.md §6.2)", () => {
  it("derives maxSingle, budget and the overflow threshold from the window", () => {
    expect(guardLimits(8000)).toEqual({ maxSingle: 8000, budget: 24000, overflowAt: 28800 });
    expect(guardLimits(100)).toEqual({ maxSingle: 1024, budget: 1024, overflowAt: 1024 });
  });

  it("counts tool results double, details included; other roles 256; tool calls by JSON args", () => {
    expect(estimateGuardChars(toolResultOf("c", "x".repeat(100), { details: { exitCode: 1 } }))).toBe(
      2 * (100 + JSON.stringify({ exitCode: 1 }).length),
    );
    expect(estimateGuardChars({ role: "custom", customType: "memory.recall", content: "m".repeat(5000) })).toBe(256);
    expect(estimateGuardChars({ role: "compaction_summary", summary: "s".repeat(5000), tokensBefore: 9 })).toBe(256);
    expect(
      estimateGuardChars({
        role: "assistant",
        content: [
          { type: "text", text: "ok" },
          { type: "tool_call", id: "c", name: "read", input: { path: "a" } },
        ],
        stopReason: "tool_use",
      }),
    ).toBe(2 + JSON.stringify({ path: "a" }).length);
  });
});

describe("truncateTextToBudget", () => {
  it("keeps maxChars − 43 chars plus the 43-char notice", () => {
    expect(GUARD_TRUNCATION_NOTICE.length).toBe(43);
    const output = truncateTextToBudget("z".repeat(10000), 8000);
    expect(output).toBe("z".repeat(7957) + GUARD_TRUNCATION_NOTICE);
    expect(output.length).toBe(8000);
    expect(truncateTextToBudget("short", 8000)).toBe("short");
  });

  it("ends at the last newline only when it lies past 70 % of the cut", () => {
    const late = `${"a".repeat(6000)}\n${"b".repeat(5000)}`;
    expect(truncateTextToBudget(late, 8000)).toBe("a".repeat(6000) + GUARD_TRUNCATION_NOTICE);
    const early = `${"a".repeat(5000)}\n${"b".repeat(5000)}`;
    expect(truncateTextToBudget(early, 8000)).toBe(early.slice(0, 7957) + GUARD_TRUNCATION_NOTICE);
  });
});

describe("guardContext (context.md §6.2)", () => {
  it("reproduces the worked example: W 8 000, two 10 000-char results and 1 000 chars of chat", () => {
    const messages = [
      userOf(500),
      toolResultOf("old", "o".repeat(10000)),
      assistantOf(500),
      toolResultOf("new", "n".repeat(10000)),
    ];
    const before = snapshot(messages);
    const guarded = guardContext({ messages, contextWindow: 8000 });
    expect(guarded).toEqual({
      messages: [
        userOf(500),
        toolResultOf("old", GUARD_CLEARED_PLACEHOLDER),
        assistantOf(500),
        toolResultOf("new", "n".repeat(7957) + GUARD_TRUNCATION_NOTICE),
      ],
      truncated: ["new"],
      cleared: ["old"],
    });
    expect(guarded.messages.map(estimateGuardChars)).toEqual([500, 96, 500, 16000]);
    expect(messages).toEqual(before);
  });

  it("drops details of a result over maxSingle and leaves smaller ones as they are", () => {
    const small = toolResultOf("s", "s".repeat(100), { details: { exitCode: 0 } });
    const big = toolResultOf("b", ["b".repeat(2000), "c".repeat(2000)], { details: { exitCode: 1 } });
    const guarded = guardContext({ messages: [userOf(10), small, big], contextWindow: 5000 });
    expect(guarded.messages[1]).toBe(small);
    expect(guarded.messages[2]).toEqual({
      role: "tool_result",
      toolCallId: "b",
      toolName: "read",
      content: [{ type: "text", text: `${"b".repeat(2000)}\n${"c".repeat(2000)}` }],
      isError: false,
    });
    expect(guarded.truncated).toEqual(["b"]);
  });

  it("skips results estimated at 48 chars or less when clearing", () => {
    const tiny = toolResultOf("tiny", "t".repeat(24));
    const guarded = guardContext({
      messages: [tiny, userOf(1000), toolResultOf("big", "x".repeat(600))],
      contextWindow: 200,
    });
    expect(guarded.messages[0]).toBe(tiny);
    expect(guarded.cleared).toEqual(["big"]);
  });

  it("refuses a single huge user message (900 000 chars, W 200 000) as a preemptive overflow", () => {
    const guarded = guardContext({ messages: [userOf(900000)], contextWindow: 200000 });
    expect(guarded.overflow).toBe(PREEMPTIVE_OVERFLOW_MESSAGE);
    expect(PREEMPTIVE_OVERFLOW_MESSAGE.startsWith("Preemptive context overflow: ")).toBe(true);
  });

  it("sends a request between budget and the overflow threshold without clearing anything it cannot", () => {
    const guarded = guardContext({ messages: [userOf(26000)], contextWindow: 8000 });
    expect(guarded).toEqual({ messages: [userOf(26000)], truncated: [], cleared: [] });
  });
});
