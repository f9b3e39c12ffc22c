import { describe, expect, it } from "vitest";
import { formatPreservedTurns, splitPreservedRecentTurns } from "../../src/context/preserve-recent-turns.js";
import { MISSING_TOOL_RESULT_TEXT } from "../../src/context/repair-tool-pairing.js";
import type { AssistantMessage, Message } from "../../src/domain/index.js";
import { assistantOf, callOf, resultOf, userOf } from "./compaction-fixtures.js";

const said = (text: string, calls = [] as ReturnType<typeof callOf>[]): AssistantMessage => ({
  role: "assistant",
  stopReason: "end_turn",
  content: [{ type: "text", text }, ...calls],
});

describe("splitPreservedRecentTurns (context.md §5.4)", () => {
  it("1 user + 8 assistants, N 3 → the user and the last 5 assistants (6 preserved)", () => {
    const user = userOf(5);
    const assistants = Array.from({ length: 8 }, (_unused, index) => said(`step ${index}`));
    const split = splitPreservedRecentTurns({ messages: [user, ...assistants], recentTurnsPreserve: 3 });
    expect(split).toEqual({ summarize: assistants.slice(0, 3), preserved: [user, ...assistants.slice(3)] });
  });

  it("with at least N users, preserves everything from the N-th-last user, with its tool results", () => {
    const history: Message[] = [
      userOf(1, "a"),
      said("one"),
      userOf(1, "b"),
      said("two", [callOf("c1")]),
      resultOf("c1", 2),
      userOf(1, "c"),
      said("three"),
    ];
    const split = splitPreservedRecentTurns({ messages: history, recentTurnsPreserve: 2 });
    expect(split).toEqual({ summarize: history.slice(0, 2), preserved: history.slice(2) });
  });

  it("repairs pairing of the summarised part", () => {
    const early = said("early", [callOf("c0")]);
    const history: Message[] = [userOf(1, "a"), early, userOf(1, "b"), said("late")];
    const split = splitPreservedRecentTurns({ messages: history, recentTurnsPreserve: 1 });
    expect(split.preserved).toEqual(history.slice(2));
    expect(split.summarize).toMatchObject([history[0], early, { toolCallId: "c0", isError: true }]);
    expect(split.summarize[2]).toMatchObject({ content: [{ text: MISSING_TOOL_RESULT_TEXT }] });
  });

  it("clamps N to [0, 12]; 0 preserves nothing", () => {
    const history = Array.from({ length: 30 }, (_unused, index) => userOf(1, String.fromCharCode(97 + (index % 26))));
    expect(splitPreservedRecentTurns({ messages: history, recentTurnsPreserve: 0 })).toEqual({
      summarize: history,
      preserved: [],
    });
    expect(splitPreservedRecentTurns({ messages: history, recentTurnsPreserve: -4 }).preserved).toEqual([]);
    expect(splitPreservedRecentTurns({ messages: history, recentTurnsPreserve: 40 }).preserved).toEqual(
      history.slice(18),
    );
  });
});

describe("formatPreservedTurns (context.md §5.4)", () => {
  it("renders one line per message under the heading", () => {
    const assistant = said("  Reading it.  ", [callOf("c1", "read", { path: "a.md" }), callOf("c2")]);
    const preserved: Message[] = [
      { role: "user", content: " Please read a.md " },
      assistant,
      resultOf("c1", 0, "read"),
      {
        ...resultOf("c2", 0),
        content: [
          { type: "text", text: "line one" },
          { type: "text", text: " line two" },
        ],
      },
    ];
    expect(formatPreservedTurns(preserved)).toBe(
      "\n\n## Recent turns preserved verbatim\n" +
        "- User: Please read a.md\n" +
        "- Assistant: Reading it. [non-text content: toolCall x2]\n" +
        "- Tool result (exec): line one\nline two",
    );
  });

  it("cuts text to 600 chars + '...' and names a single non-text block without a count", () => {
    const long = "x".repeat(601);
    const callOnly: AssistantMessage = { ...assistantOf(0, [callOf("c1")]) };
    expect(formatPreservedTurns([{ role: "user", content: long }, callOnly])).toBe(
      `\n\n## Recent turns preserved verbatim\n- User: ${"x".repeat(600)}...\n- Assistant: [non-text content: toolCall]`,
    );
    expect(formatPreservedTurns([{ role: "user", content: "x".repeat(600) }])).toBe(
      `\n\n## Recent turns preserved verbatim\n- User: ${"x".repeat(600)}`,
    );
  });

  it("returns '' when nothing would be rendered", () => {
    expect(formatPreservedTurns([])).toBe("");
    expect(formatPreservedTurns([{ role: "user", content: "   " }, said("")])).toBe("");
  });
});
