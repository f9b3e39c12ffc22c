// Guards against prompt section splitting that loses, duplicates or reorders lines (texts must rejoin to the prompt) or gives two sections the same key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitPromptSections } from "../../src/golden/split-prompt-sections.js";
import { assertProperty } from "../support/assert-property.js";

const PROMPT = [
  "You are a personal assistant running inside OpenClaw.",
  "## Tooling",
  "- read: Show a file",
  "## Safety",
  "Be safe.",
  "## Workspace",
  "Your working directory is: <workspace>",
  "# Project Context",
  "The project context files loaded for this session follow.",
  "## <workspace>/AGENTS.md",
  "# AGENTS.md",
  "## Safety",
  "Never leak data.",
  "## Runtime",
  "(a heading inside a context file)",
  "## <workspace>/HEARTBEAT.md",
  "## Heartbeats",
  "- check mail",
  "## Silent Replies",
  "Reply NO_REPLY.",
  "## Heartbeats",
  "Reply HEARTBEAT_OK.",
  "## Runtime",
  "Runtime: agent=main | thinking=off",
].join("\n");

describe("splitPromptSections", () => {
  it("splits at the assembler's headings, not at headings inside context files", () => {
    const sections = splitPromptSections(PROMPT);
    expect(sections.map(({ key, startLine }) => [key, startLine])).toEqual([
      ["(preamble)", 1],
      ["## Tooling", 2],
      ["## Safety", 4],
      ["## Workspace", 6],
      ["# Project Context", 8],
      ["## <workspace>/AGENTS.md", 10],
      ["## <workspace>/HEARTBEAT.md", 16],
      ["## Silent Replies", 19],
      ["## Heartbeats", 21],
      ["## Runtime", 23],
    ]);
    expect(sections[5]?.text).toBe(
      "## <workspace>/AGENTS.md\n# AGENTS.md\n## Safety\nNever leak data.\n## Runtime\n(a heading inside a context file)",
    );
    expect(sections[0]?.heading).toBeNull();
    expect(sections[1]?.heading).toBe("## Tooling");
  });

  it("accepts context file headings as loaded (absolute paths) and as normalised", () => {
    const text = "# Project Context\n## /home/a/w/SOUL.md\nx\n## ~/w/USER.md\ny\n## notes about a path\n## <tmp>/z.md";
    expect(splitPromptSections(text).map((section) => section.key)).toEqual([
      "# Project Context",
      "## /home/a/w/SOUL.md",
      "## ~/w/USER.md",
      "## <tmp>/z.md",
    ]);
  });

  it("only counts section headings in prompt order, and numbers repeated keys", () => {
    const text = "## Workspace\na\n## Tooling\nb\n## <workspace>/x.md\n# Project Context\n## /w/A.md\n## /w/A.md";
    expect(splitPromptSections(text).map((section) => section.key)).toEqual([
      "## Workspace",
      "# Project Context",
      "## /w/A.md",
      "## /w/A.md (2)",
    ]);
  });

  it("gives text without headings as one preamble section", () => {
    expect(splitPromptSections("just text\n# Title")).toEqual([
      { key: "(preamble)", heading: null, text: "just text\n# Title", startLine: 1 },
    ]);
    expect(splitPromptSections("")).toEqual([{ key: "(preamble)", heading: null, text: "", startLine: 1 }]);
  });

  it("joining the sections' texts gives the prompt back (property)", () => {
    const line = fc.constantFrom(
      "## Tooling",
      "## Safety",
      "# Project Context",
      "## /w/A.md",
      "## <workspace>/B.md",
      "## Heartbeats",
      "## Silent Replies",
      "## Runtime",
      "### message tool",
      "text",
      "",
    );
    const prompt = fc.array(line, { maxLength: 30 }).map((lines) => lines.join("\n"));
    assertProperty(
      fc.property(prompt, (text) => {
        const sections = splitPromptSections(text);
        expect(sections.map((section) => section.text).join("\n")).toBe(text);
        expect(new Set(sections.map((section) => section.key)).size).toBe(sections.length);
      }),
      { numRuns: 1000 },
    );
  });
});
