import { describe, expect, it } from "vitest";
import { assembleSectionedPrompt, assembleSystemPrompt } from "../../src/prompt/assemble-system-prompt.js";
import { SECTION_IDS } from "../../src/prompt/prompt-sections.js";
import { IDENTITY_LINE, type PromptMode } from "../../src/prompt/system-prompt-input.js";
import { E2_INPUT, headingsOf, sectionIdsOf, sectionText } from "./prompt-fixtures.js";

describe("assembleSystemPrompt: worked examples (spec/prompt.md §12)", () => {
  it("E1: mode none is exactly the identity line", () => {
    expect(
      assembleSystemPrompt({ workspaceDir: "/w", promptMode: "none", toolNames: ["read"], skillsPrompt: "x" }),
    ).toBe(IDENTITY_LINE);
    expect(assembleSectionedPrompt({ workspaceDir: "/w", promptMode: "none" }).sections).toEqual([
      { id: "identity", heading: null, text: IDENTITY_LINE, headings: [] },
    ]);
  });

  it("E2: full skeleton headings, in order", () => {
    expect(headingsOf(E2_INPUT)).toEqual([
      "## Tooling",
      "## Tool Call Style",
      "## Safety",
      "## OpenClaw CLI Quick Reference",
      "## Skills (mandatory)",
      "## Memory Recall",
      "## OpenClaw Self-Update",
      "## Model Aliases",
      "## Workspace",
      "## Documentation",
      "## Sandbox",
      "## Authorized Senders",
      "## Current Date & Time",
      "## Workspace Files (injected)",
      "## Reply Tags",
      "## Messaging",
      "### message tool",
      "## Voice (TTS)",
      "## Group Chat Context",
      "## Reactions",
      "## Reasoning Format",
      "# Project Context",
      "## /w/AGENTS.md",
      "## /w/soul.md",
      "## /w/EMPTY.md",
      "## Silent Replies",
      "## Heartbeats",
      "## Runtime",
    ]);
    const ids = sectionIdsOf(E2_INPUT);
    expect(ids).toEqual([...SECTION_IDS]);
    expect(ids.indexOf("time-hint")).toBe(ids.indexOf("workspace") - 1);
  });

  it("E2: tool list names and order, summaries, working directory", () => {
    const tooling = sectionText(E2_INPUT, "tooling") ?? "";
    const list = tooling.split("\n").filter((line) => line.startsWith("- "));
    expect(list.map((line) => line.slice(2).split(":")[0])).toEqual([
      "read",
      "write",
      "Exec",
      "message",
      "gateway",
      "Alpha_Tool",
      "memory_get",
      "memory_search",
      "sessions_spawn",
      "zeta_tool",
    ]);
    expect(list).toContain("- memory_get");
    expect(list).toContain("- memory_search");
    expect(list).toContain("- zeta_tool: Does zeta things");
    expect(list).toContain("- Alpha_Tool: Does alpha things");
    expect(sectionText(E2_INPUT, "workspace")?.split("\n")[1]).toBe("Your working directory is: /workspace");
  });

  it("E3: minimal skeleton of the same input", () => {
    expect(headingsOf({ ...E2_INPUT, promptMode: "minimal" })).toEqual([
      "## Tooling",
      "## Tool Call Style",
      "## Safety",
      "## OpenClaw CLI Quick Reference",
      "## Skills (mandatory)",
      "## Workspace",
      "## Sandbox",
      "## Current Date & Time",
      "## Workspace Files (injected)",
      "## Subagent Context",
      "## Reactions",
      "## Reasoning Format",
      "# Project Context",
      "## /w/AGENTS.md",
      "## /w/soul.md",
      "## /w/EMPTY.md",
      "## Runtime",
    ]);
    expect(sectionIdsOf({ ...E2_INPUT, promptMode: "minimal" })).toContain("time-hint");
  });

  it("E4: bare full prompt", () => {
    const prompt = assembleSectionedPrompt({ workspaceDir: "/w" });
    expect(prompt.mode).toBe("full");
    expect(prompt.sections.flatMap((section) => section.headings)).toEqual([
      "## Tooling",
      "## Tool Call Style",
      "## Safety",
      "## OpenClaw CLI Quick Reference",
      "## Workspace",
      "## Workspace Files (injected)",
      "## Reply Tags",
      "## Messaging",
      "## Silent Replies",
      "## Heartbeats",
      "## Runtime",
    ]);
    const lines = prompt.text.split("\n");
    expect(lines).toContain("Your working directory is: /w");
    expect(lines).toContain("Heartbeat prompt: (configured)");
    expect(lines.at(-2)).toBe("Runtime: thinking=off");
    expect(lines.at(-1)?.startsWith("Reasoning: off")).toBe(true);
    const bullets = (sectionText({ workspaceDir: "/w" }, "tooling") ?? "")
      .split("\n")
      .filter((line) => line.startsWith("- "));
    expect(bullets.map((line) => line.slice(2).split(":")[0])).toEqual([
      "grep",
      "find",
      "ls",
      "apply_patch",
      "exec",
      "process",
      "browser",
      "canvas",
      "nodes",
      "cron",
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "subagents",
      "session_status",
    ]);
  });

  it("E5: minimal with odd inputs", () => {
    const input = {
      workspaceDir: "/w\n\u202eX",
      promptMode: "minimal" as const,
      ownerNumbers: ["+15550001"],
      toolNames: ["Read"],
      skillsPrompt: "   ",
      sandbox: { enabled: true },
      extraSystemPrompt: "  ",
      runtimeInfo: { channel: "DISCORD", capabilities: [] },
      contextFiles: [{ path: "/x/Soul.MD", content: "p" }],
    };
    const prompt = assembleSectionedPrompt(input);
    const ids = prompt.sections.map((section) => section.id);
    expect(ids).toEqual([
      "identity",
      "tooling",
      "tool-call-style",
      "safety",
      "cli",
      "workspace",
      "sandbox",
      "workspace-files",
      "project-context",
      "runtime",
    ]);
    expect(prompt.text.split("\n")).toContain("Your working directory is: /wX");
    expect(sectionText(input, "sandbox")?.split("\n")).toHaveLength(4);
    expect(sectionText(input, "project-context")).toContain("embody its persona");
    expect(prompt.text.split("\n").at(-2)).toBe("Runtime: channel=discord | capabilities=none | thinking=off");
  });
});

describe("rendering model (spec/prompt.md §2, §3)", () => {
  it("joins sections with single newlines: no blank lines, no trailing newline", () => {
    const text = assembleSystemPrompt(E2_INPUT);
    expect(text.startsWith(`${IDENTITY_LINE}\n## Tooling\n`)).toBe(true);
    expect(text).not.toMatch(/\n\n/);
    expect(text.endsWith("\n")).toBe(false);
    const prompt = assembleSectionedPrompt(E2_INPUT);
    expect(prompt.sections.map((section) => section.text).join("\n")).toBe(prompt.text);
  });

  it("keeps blank lines that are inside one element", () => {
    const text = assembleSystemPrompt({ workspaceDir: "/w", contextFiles: [{ path: "/w/A.md", content: "a\n\nb" }] });
    expect(text).toContain("## /w/A.md\na\n\nb\n## Silent Replies");
  });

  it("starts each section's text with its heading", () => {
    for (const section of assembleSectionedPrompt(E2_INPUT).sections) {
      if (section.heading !== null) expect(section.text.split("\n")[0]).toBe(section.heading);
      expect(section.headings[0] ?? null).toBe(section.heading);
    }
  });

  it.each([
    ["bogus", "full"],
    ["FULL", "full"],
    ["", "full"],
    ["minimal", "minimal"],
    ["none", "none"],
  ])("mode %j renders as %s", (mode, expected) => {
    const prompt = assembleSectionedPrompt({ workspaceDir: "/w", promptMode: mode as PromptMode });
    expect(prompt.mode).toBe(expected);
    expect(prompt.text).toBe(assembleSectionedPrompt({ workspaceDir: "/w", promptMode: expected as PromptMode }).text);
  });

  it("ends with the runtime line, then the Reasoning line", () => {
    const lines = assembleSystemPrompt({
      workspaceDir: "/w",
      runtimeInfo: { agentId: "main" },
      thinkLevel: "high",
      reasoningLevel: "stream",
    }).split("\n");
    expect(lines.at(-2)).toBe("Runtime: agent=main | thinking=high");
    expect(lines.at(-1)?.startsWith("Reasoning: stream")).toBe(true);
  });
});
