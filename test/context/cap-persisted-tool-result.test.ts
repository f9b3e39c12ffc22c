import { describe, expect, it } from "vitest";
import { capPersistedToolResult, HARD_MAX_TOOL_RESULT_CHARS } from "../../src/context/cap-persisted-tool-result.js";
import { GUARD_TRUNCATION_SUFFIX, MIDDLE_OMITTED_MARKER } from "../../src/platform/truncate-tool-result-text.js";
import { toolResultOf } from "./pruning-messages.js";

describe("capPersistedToolResult (context.md §6.1)", () => {
  it("caps a 2 000 000-char result at 400 000 chars, head only, ending with the guard suffix", () => {
    const text = "q".repeat(2000000);
    const { message, truncated } = capPersistedToolResult(toolResultOf("c", text, { details: { exitCode: 0 } }));
    expect(HARD_MAX_TOOL_RESULT_CHARS).toBe(400000);
    expect(truncated).toBe(true);
    expect(message).toEqual(
      toolResultOf("c", "q".repeat(400000 - GUARD_TRUNCATION_SUFFIX.length) + GUARD_TRUNCATION_SUFFIX, {
        details: { exitCode: 0 },
      }),
    );
  });

  it("keeps head and tail when the end reports an error", () => {
    const text = `${"line\n".repeat(100000)}Traceback: boom\n`;
    const { message } = capPersistedToolResult(toolResultOf("c", text));
    const kept = message.content[0]?.text ?? "";
    expect(kept.length).toBeLessThanOrEqual(HARD_MAX_TOOL_RESULT_CHARS);
    expect(kept).toContain(MIDDLE_OMITTED_MARKER);
    expect(kept.endsWith(`Traceback: boom\n${GUARD_TRUNCATION_SUFFIX}`)).toBe(true);
  });

  it("splits the cap across blocks by their share of the text", () => {
    const { message } = capPersistedToolResult(toolResultOf("c", ["a".repeat(300000), "b".repeat(200000)]));
    expect(message.content.map((block) => block.text.length)).toEqual([240000, 160000]);
  });

  it("names a blank tool unknown and leaves a result under the cap unchanged", () => {
    const original = toolResultOf("c", "fine", { toolName: "  " });
    const { message, truncated } = capPersistedToolResult(original);
    expect({ message, truncated }).toEqual({ message: { ...original, toolName: "unknown" }, truncated: false });
    expect(original.toolName).toBe("  ");
  });
});
