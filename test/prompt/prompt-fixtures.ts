import { assembleSectionedPrompt } from "../../src/prompt/assemble-system-prompt.js";
import type { SectionId } from "../../src/prompt/prompt-sections.js";
import type { SystemPromptInput } from "../../src/prompt/system-prompt-input.js";

/** The full input of spec/prompt.md §12 E2 (E3 is the same input in minimal mode). */
export const E2_INPUT: SystemPromptInput = {
  workspaceDir: "/home/alice/.openclaw/workspace",
  toolNames: [
    "read",
    "Exec",
    "write",
    "memory_search",
    "memory_get",
    "message",
    "gateway",
    "sessions_spawn",
    "zeta_tool",
    "Alpha_Tool",
    "read",
  ],
  toolSummaries: { zeta_tool: "Does zeta things", Alpha_Tool: "Does alpha things" },
  skillsPrompt: "<available_skills>\n  <skill><name>git</name></skill>\n</available_skills>",
  extraSystemPrompt: "You are in the #general group chat.",
  ownerNumbers: ["+15550001", "+15550002"],
  userTimezone: "Asia/Shanghai",
  modelAliasLines: ["- fast: openai/gpt-mini"],
  docsPath: "/opt/openclaw/docs",
  sandbox: {
    enabled: true,
    containerWorkspaceDir: "/workspace",
    elevated: { allowed: true, defaultLevel: "ask" },
  },
  contextFiles: [
    { path: "/w/AGENTS.md", content: "# Agents\n## Not a heading" },
    { path: "  ", content: "blank path" },
    { path: "/w/soul.md", content: "Be warm." },
    { path: "/w/EMPTY.md", content: "" },
  ],
  reactionGuidance: { level: "minimal", channel: "Telegram" },
  reasoningTagHint: true,
  ttsHint: "Keep spoken replies short.",
  workspaceNotes: ["Commit after editing."],
  heartbeatPrompt: "Read HEARTBEAT.md and follow it.",
  messageToolHints: ["Telegram polls need 2-10 options."],
  runtimeInfo: {
    agentId: "main",
    host: "mac-studio",
    repoRoot: "/repo",
    os: "Darwin 23.4.0",
    arch: "arm64",
    node: "v22.1.0",
    model: "anthropic/claude-x",
    defaultModel: "anthropic/claude-y",
    shell: "zsh",
    channel: "telegram",
    capabilities: ["reactions"],
  },
  thinkLevel: "low",
  reasoningLevel: "on",
};

export function headingsOf(input: SystemPromptInput): string[] {
  return assembleSectionedPrompt(input).sections.flatMap((section) => section.headings);
}

export function sectionIdsOf(input: SystemPromptInput): SectionId[] {
  return assembleSectionedPrompt(input).sections.map((section) => section.id);
}

/** The text of one section, or `undefined` when it is absent. */
export function sectionText(input: SystemPromptInput, id: SectionId): string | undefined {
  return assembleSectionedPrompt(input).sections.find((section) => section.id === id)?.text;
}
