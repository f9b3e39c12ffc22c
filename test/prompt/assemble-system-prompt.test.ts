import { describe, expect, it } from "vitest";
import { assembleSectionedPrompt, assembleSystemPrompt } from "../../src/prompt/assemble-system-prompt.js";
import { IDENTITY_LINE } from "../../src/prompt/system-prompt-input.js";

describe("assembleSystemPrompt", () => {
  it("renders only the identity line in mode none", () => {
    expect(assembleSystemPrompt({ workspaceDir: "/w", promptMode: "none", toolNames: ["read"] })).toBe(IDENTITY_LINE);
  });

  it("joins sections with single newlines and never ends with one", () => {
    const text = assembleSystemPrompt({ workspaceDir: "/w", toolNames: ["read"] });
    expect(text.startsWith(`${IDENTITY_LINE}\n## Tooling\n`)).toBe(true);
    expect(text).not.toMatch(/\n\n/);
    expect(text.endsWith("\n")).toBe(false);
  });

  it("lists core tools in classic order, then others sorted by lower-case key, de-duplicated", () => {
    const text = assembleSystemPrompt({
      workspaceDir: "/w",
      toolNames: ["zeta_tool", "read", "Exec", "Alpha_Tool", "write", "read"],
      toolSummaries: { ZETA_TOOL: " does zeta " },
    });
    const list = text.split("\n").filter((line) => line.startsWith("- "));
    expect(list.map((line) => line.split(":")[0])).toEqual([
      "- read",
      "- write",
      "- Exec",
      "- Alpha_Tool",
      "- zeta_tool",
    ]);
    expect(list).toContain("- zeta_tool: does zeta");
    expect(list).toContain("- Alpha_Tool");
  });

  it("adds Project Context with a persona line only when SOUL.md is among the files", () => {
    const withSoul = assembleSectionedPrompt({
      workspaceDir: "/w",
      contextFiles: [
        { path: "/w/AGENTS.md", content: "agents" },
        { path: "/w/soul.md", content: "be kind" },
      ],
    });
    const project = withSoul.sections.find((section) => section.id === "project-context");
    expect(project?.headings).toEqual(["# Project Context", "## /w/AGENTS.md", "## /w/soul.md"]);
    expect(project?.text).toContain("SOUL.md");
    const without = assembleSectionedPrompt({
      workspaceDir: "/w",
      contextFiles: [{ path: "/w/AGENTS.md", content: "a" }],
    });
    expect(without.sections.find((section) => section.id === "project-context")?.text).not.toContain("persona");
  });

  it("omits Project Context when no file has a non-blank path", () => {
    const prompt = assembleSectionedPrompt({ workspaceDir: "/w", contextFiles: [{ path: "  ", content: "x" }] });
    expect(prompt.sections.map((section) => section.id)).not.toContain("project-context");
  });

  it("ends with the Reasoning line after the runtime line", () => {
    const lines = assembleSystemPrompt({ workspaceDir: "/w", runtimeInfo: { agentId: "main" } }).split("\n");
    expect(lines.at(-2)).toBe("Runtime: agent=main | thinking=off");
    expect(lines.at(-1)?.startsWith("Reasoning: off")).toBe(true);
  });
});
