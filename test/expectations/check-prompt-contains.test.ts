import { describe, expect, it } from "vitest";
import { describePrompt } from "../../src/expectations/check-prompt-contains.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const systemPrompt = [
  "You are a personal assistant running inside OpenClaw.",
  "## Tooling",
  "Tool availability (filtered by policy):",
  "## Skills (mandatory)",
  "Before replying: scan <available_skills>.",
  "# Project Context",
  "## AGENTS.md",
  "  # indented, not a heading line",
].join("\n");

describe("prompt-contains", () => {
  it("passes when every value is in the system prompt", async () => {
    const result = await checkOne(
      located({ type: "prompt-contains", values: ["## Skills (mandatory)", "<available_skills>"] }),
      { result: { systemPrompt } },
    );
    expect(result).toEqual({
      type: "prompt-contains",
      pass: true,
      message: 'prompt-contains "## Skills (mandatory)", "<available_skills>"',
      expected: '"## Skills (mandatory)", "<available_skills>"',
      actual: `system prompt of ${systemPrompt.length} chars, headings:\n## Tooling\n## Skills (mandatory)\n# Project Context\n## AGENTS.md`,
      location: TEST_LOCATION,
    });
  });

  it("fails naming the missing values and showing only the headings", async () => {
    const result = await checkOne(located({ type: "prompt-contains", values: ["## Tooling", "## Heartbeats"] }), {
      result: { systemPrompt },
    });
    expect(result).toEqual({
      type: "prompt-contains",
      pass: false,
      message: 'system prompt does not contain "## Heartbeats"',
      expected: '"## Tooling", "## Heartbeats"',
      actual: `system prompt of ${systemPrompt.length} chars, headings:\n## Tooling\n## Skills (mandatory)\n# Project Context\n## AGENTS.md`,
      location: TEST_LOCATION,
    });
  });

  it("describes prompts without headings and with very many", () => {
    expect(describePrompt("")).toBe("system prompt of 0 chars, no heading lines");
    const many = Array.from({ length: 45 }, (_, index) => `## Section ${index + 1}`).join("\n");
    const lines = describePrompt(many).split("\n");
    expect(lines).toHaveLength(42);
    expect(lines[40]).toBe("## Section 40");
    expect(lines[41]).toBe("… (5 more headings)");
  });
});
