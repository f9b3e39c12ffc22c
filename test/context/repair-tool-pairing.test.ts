import { describe, expect, it } from "vitest";
import {
  createMissingToolResult,
  MISSING_TOOL_RESULT_TEXT,
  repairToolPairing,
} from "../../src/context/repair-tool-pairing.js";
import type { Message } from "../../src/domain/index.js";
import { assistantOf, callOf, resultOf, userOf } from "./compaction-fixtures.js";

describe("repairToolPairing (context.md §2.4)", () => {
  it("repairs the spec example: synthesises c1, moves c2 after its call, drops orphan c9", () => {
    const assistant = assistantOf(5, [callOf("c1"), callOf("c2", "read", { path: "a.md" })]);
    const c2 = resultOf("c2", 3, "read");
    const c9 = resultOf("c9", 3);
    const user = userOf(2);
    const repaired = repairToolPairing([user, assistant, c2, c9]);
    expect(repaired).toEqual({
      messages: [
        user,
        assistant,
        {
          role: "tool_result",
          toolCallId: "c1",
          toolName: "exec",
          content: [{ type: "text", text: MISSING_TOOL_RESULT_TEXT }],
          isError: true,
        },
        c2,
      ],
      dropped: 1,
      synthesised: 1,
    });
  });

  it("uses an [openclaw] sentence of its own for the synthetic text", () => {
    expect(MISSING_TOOL_RESULT_TEXT.startsWith("[openclaw] ")).toBe(true);
    expect(MISSING_TOOL_RESULT_TEXT).toMatch(/missing/);
    expect(MISSING_TOOL_RESULT_TEXT).toMatch(/repair the transcript\.$/);
    expect(createMissingToolResult(callOf("x", "grep")).toolName).toBe("grep");
  });

  it("keeps the first of duplicate results and orders results by their calls", () => {
    const assistant = assistantOf(5, [callOf("a"), callOf("b")]);
    const firstB = resultOf("b", 1);
    const secondB = resultOf("b", 2);
    const a = resultOf("a", 1);
    const later = userOf(1);
    const repaired = repairToolPairing([assistant, firstB, later, secondB, a]);
    expect(repaired).toEqual({ messages: [assistant, a, firstB, later], dropped: 1, synthesised: 0 });
  });

  it("drops a result that comes before its call", () => {
    const early = resultOf("c1", 1);
    const assistant = assistantOf(3, [callOf("c1")]);
    const answer = resultOf("c1", 2);
    expect(repairToolPairing([early, assistant, answer])).toEqual({
      messages: [assistant, answer],
      dropped: 1,
      synthesised: 0,
    });
  });

  it("returns a well-paired history unchanged and does not touch the input", () => {
    const history: Message[] = [userOf(1), assistantOf(2, [callOf("c1")]), resultOf("c1", 1), assistantOf(1)];
    const copy = structuredClone(history);
    expect(repairToolPairing(history)).toEqual({ messages: history, dropped: 0, synthesised: 0 });
    expect(history).toEqual(copy);
    expect(repairToolPairing([])).toEqual({ messages: [], dropped: 0, synthesised: 0 });
  });
});
