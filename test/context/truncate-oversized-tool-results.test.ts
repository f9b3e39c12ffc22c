import { describe, expect, it } from "vitest";
import {
  formatTruncationLogLine,
  overflowMaxChars,
  truncateOversizedToolResults,
} from "../../src/context/truncate-oversized-tool-results.js";
import {
  MIDDLE_OMITTED_MARKER,
  TRUNCATION_SUFFIX,
  truncateToolResultText,
} from "../../src/platform/truncate-tool-result-text.js";
import { assistantCall, snapshot, toolResultOf, userOf } from "./pruning-messages.js";

function exampleText(): string {
  const lines: string[] = [];
  for (let line = 1; line < 300; line++) lines.push(`line ${line}`.padEnd(99, "-"));
  lines.push("Error: boom".padEnd(99, "-"));
  return `${lines.join("\n")}\n`;
}

describe("truncateOversizedToolResults (context.md §6.3)", () => {
  it("limits one result to 30 % of the window at 4 chars per token, at most 400 000", () => {
    expect(overflowMaxChars(20000)).toBe(24000);
    expect(overflowMaxChars(200000)).toBe(240000);
    expect(overflowMaxChars(2000000)).toBe(400000);
  });

  it("rewrites the worked example's result (W 20 000) and leaves everything else as the same objects", () => {
    const text = exampleText();
    const messages = [
      userOf(10),
      assistantCall("c1", { path: "log" }),
      toolResultOf("c1", text),
      toolResultOf("c2", "ok"),
    ];
    const before = snapshot(messages);
    const result = truncateOversizedToolResults({ messages, contextWindow: 20000 });
    const expectedText = text.slice(0, 19699) + MIDDLE_OMITTED_MARKER + text.slice(26100) + TRUNCATION_SUFFIX;
    expect(result.maxChars).toBe(24000);
    expect(result.truncated).toEqual(["c1"]);
    expect(result.messages[2]).toEqual(toolResultOf("c1", expectedText));
    expect(expectedText.length).toBe(23662 + TRUNCATION_SUFFIX.length);
    expect([result.messages[0], result.messages[1], result.messages[3]]).toEqual([
      messages[0],
      messages[1],
      messages[3],
    ]);
    expect(result.messages[3]).toBe(messages[3]);
    expect(messages).toEqual(before);
  });

  it("shares the limit among text blocks by size, each keeping at least minKeep + S", () => {
    const big = "b".repeat(30000);
    const small = "s".repeat(6000);
    const result = truncateOversizedToolResults({
      messages: [toolResultOf("c", [big, small], { details: { exitCode: 0 } })],
      contextWindow: 20000,
    });
    const share = (chars: number) => Math.max(2000 + TRUNCATION_SUFFIX.length, Math.floor((24000 * chars) / 36000));
    expect(result.messages[0]).toEqual(
      toolResultOf(
        "c",
        [
          truncateToolResultText({ text: big, maxChars: share(30000), suffix: TRUNCATION_SUFFIX }),
          truncateToolResultText({ text: small, maxChars: share(6000), suffix: TRUNCATION_SUFFIX }),
        ],
        { details: { exitCode: 0 } },
      ),
    );
    expect(share(30000)).toBe(20000);
    const [first, second] = (result.messages[0] as ReturnType<typeof toolResultOf>).content;
    expect(first?.text.length).toBeLessThanOrEqual(20000);
    expect(second?.text.length).toBeLessThanOrEqual(4000);
  });

  it("leaves results at the limit alone", () => {
    const messages = [toolResultOf("c", "x".repeat(24000))];
    expect(truncateOversizedToolResults({ messages, contextWindow: 20000 })).toEqual({
      messages,
      truncated: [],
      maxChars: 24000,
    });
  });

  it("formats the log line", () => {
    expect(formatTruncationLogLine({ count: 2, contextWindow: 20000, maxChars: 24000 })).toBe(
      "[tool-result-truncation] Truncated 2 tool result(s) in session (contextWindow=20000 maxChars=24000)",
    );
  });
});
