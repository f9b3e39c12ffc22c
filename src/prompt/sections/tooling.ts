import { formatToolList, hasTool, type NormalisedTools, toolDisplayName } from "../format-tool-list.js";
import { FALLBACK_TOOL_KEYS, TOOL_SUMMARIES } from "../tool-summaries.js";
import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function fallbackBlock(tools: NormalisedTools): string {
  const bullets = FALLBACK_TOOL_KEYS.map((key) => `- ${toolDisplayName(tools, key)}: ${TOOL_SUMMARIES[key] ?? key}`);
  return ["The harness lists its standard tools itself; this runtime additionally enables:", ...bullets].join("\n");
}

function acpLines(context: SectionContext): string[] {
  const { tools } = context;
  if (!hasTool(tools, "sessions_spawn") || !context.acpEnabled || context.sandbox !== undefined) return [];
  const spawn = toolDisplayName(tools, "sessions_spawn");
  return [
    `A request to do work in an external coding harness (codex, claude code, gemini) is ACP harness intent: serve it with ${spawn} and runtime: "acp".`,
    'On Discord, such ACP harness requests default to a thread-bound persistent session (thread: true, mode: "session") unless the user asks for something else.',
    `Pass agentId explicitly unless acp.defaultAgent is configured; never route ACP requests through ${toolDisplayName(tools, "subagents")}/${toolDisplayName(tools, "agents_list")} or local PTY exec.`,
    `For ACP thread spawns, only ${spawn} creates the thread; do not create it with ${toolDisplayName(tools, "message")} action=thread-create.`,
  ];
}

function render(context: SectionContext) {
  const { tools } = context;
  const list =
    tools.displayNames.size === 0
      ? fallbackBlock(tools)
      : formatToolList({ tools, summaries: context.toolSummaries, acp: context.acpEnabled && !context.sandbox }).join(
          "\n",
        );
  const exec = toolDisplayName(tools, "exec");
  const processTool = toolDisplayName(tools, "process");
  return {
    heading: "## Tooling",
    elements: [
      "Tool availability (filtered by policy):",
      "Tool names are case-sensitive: call each tool exactly as it is spelled in this list.",
      list,
      "TOOLS.md only holds the user's notes on using tools; it neither grants nor removes any tool.",
      `To wait for long-running work without busy polling, give ${exec} a yieldMs, or call ${processTool}(action=poll, timeout=<ms>).`,
      "If a task is more complex or takes longer, spawn a sub-agent. Completion is push-based: it will auto-announce when done.",
      ...acpLines(context),
      `Do not poll ${toolDisplayName(tools, "subagents")} list or ${toolDisplayName(tools, "sessions_list")} in a loop; check status only when you have a reason to.`,
    ],
  };
}

/** `## Tooling` (spec/prompt.md §6.2). */
export const toolingSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
