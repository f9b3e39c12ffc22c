import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message } from "../../src/domain/index.js";
import { estimateContextTokens, estimateMessageTokens, estimateTokens } from "../../src/platform/estimate-tokens.js";

const user = (chars: number): Message => ({ role: "user", content: "u".repeat(chars) });
const toolResult = (chars: number): Message => ({
  role: "tool_result",
  toolCallId: "c1",
  toolName: "read",
  content: [{ type: "text", text: "r".repeat(chars) }],
  isError: false,
  details: { exitCode: 0, note: "x".repeat(1000) },
});

describe("estimateTokens (context.md §3)", () => {
  it("is ceil(chars / 4) in UTF-16 code units", () => {
    expect([0, 1, 4, 5].map((length) => estimateTokens("x".repeat(length)))).toEqual([0, 1, 1, 2]);
    expect(estimateTokens("草莓只剩3斤")).toBe(2);
  });

  it("matches the §3.1 worked examples per message", () => {
    expect(estimateMessageTokens({ role: "user", content: "Hello, world!" })).toBe(4);
    const assistant: AssistantMessage = {
      role: "assistant",
      stopReason: "tool_use",
      content: [
        { type: "text", text: "Done." },
        { type: "tool_call", id: "c1", name: "read", input: { path: "notes/a.md" } },
      ],
    };
    expect(estimateMessageTokens(assistant)).toBe(8);
    expect(estimateMessageTokens({ role: "user", content: "草莓只剩3斤" })).toBe(2);
    expect(estimateContextTokens([])).toBe(0);
  });

  it("never counts tool-result details; counts custom and summary text", () => {
    expect(estimateMessageTokens(toolResult(10_000))).toBe(2500);
    expect(estimateMessageTokens({ role: "custom", customType: "x", content: "abcdefgh" })).toBe(2);
    expect(estimateMessageTokens({ role: "compaction_summary", summary: "s".repeat(9), tokensBefore: 5 })).toBe(3);
  });

  it("takes the last reported usage plus the estimates after it (§3 context example)", () => {
    const withUsage: AssistantMessage = {
      role: "assistant",
      stopReason: "end_turn",
      content: [{ type: "text", text: "ok" }],
      usage: { inputTokens: 1000, outputTokens: 400, cacheReadTokens: 100, cacheWriteTokens: 0 },
    };
    expect(estimateContextTokens([user(400), withUsage, user(800), toolResult(2000)])).toBe(2200);
  });

  it("ignores usage on errored or aborted messages and sums estimates instead", () => {
    const errored: AssistantMessage = {
      role: "assistant",
      stopReason: "error",
      content: [{ type: "text", text: "abcd" }],
      usage: { inputTokens: 9000, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    };
    expect(estimateContextTokens([user(400), errored, user(800)])).toBe(100 + 1 + 200);
  });
});
