import { formatToolList, hasTool, type NormalisedTools, toolDisplayName } from "../format-tool-list.js";
import { FALLBACK_TOOL_KEYS, TOOL_SUMMARIES } from "../tool-summaries.js";
import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function fallbackBlock(tools: NormalisedTools): string {
  const bullets = FALLBACK_TOOL_KEYS.map((key) => `- ${toolDisplayName(tools, key)}: ${TOOL_SUMMARIES[key] ?? key}`);
  return ["The harness lists its standard tools itself; this runtime additionally enables:", ...bullets].join("\n");
}

/** The list of a run whose policy left no tool: the standard set would name tools it cannot call. */
export const NO_TOOLS_LINE = "No tools are available in this session.";

/** Display names of the tools among `keys` the run offers: guidance never names a tool the model lacks. */
function offered(tools: NormalisedTools, keys: readonly string[]): string[] {
  return keys.filter((key) => hasTool(tools, key)).map((key) => toolDisplayName(tools, key));
}

function acpLines(context: SectionContext): string[] {
  const { tools } = context;
  if (!hasTool(tools, "sessions_spawn") || !context.acpEnabled || context.sandbox !== undefined) return [];
  const spawn = toolDisplayName(tools, "sessions_spawn");
  const routes = context.toolListComplete
    ? offered(tools, ["subagents", "agents_list"])
    : [`${toolDisplayName(tools, "subagents")}/${toolDisplayName(tools, "agents_list")}`];
  const avoid = routes.length === 0 ? "local PTY exec" : `${routes.join("/")} or local PTY exec`;
  const message =
    !context.toolListComplete || hasTool(tools, "message")
      ? `; do not create it with ${toolDisplayName(tools, "message")} action=thread-create`
      : "";
  return [
    `A request to do work in an external coding harness (codex, claude code, gemini) is ACP harness intent: serve it with ${spawn} and runtime: "acp".`,
    'On Discord, such ACP harness requests default to a thread-bound persistent session (thread: true, mode: "session") unless the user asks for something else.',
    `Pass agentId explicitly unless acp.defaultAgent is configured; never route ACP requests through ${avoid}.`,
    `For ACP thread spawns, only ${spawn} creates the thread${message}.`,
  ];
}

/** Waiting without busy polling; a run's own prompt names it only when `exec` and `process` are offered. */
function waitLine(tools: NormalisedTools, strict: boolean): string[] {
  if (strict && (!hasTool(tools, "exec") || !hasTool(tools, "process"))) return [];
  const exec = toolDisplayName(tools, "exec");
  return [
    `To wait for long-running work without busy polling, give ${exec} a yieldMs, or call ${toolDisplayName(tools, "process")}(action=poll, timeout=<ms>).`,
  ];
}

/** No polling loops over sub-agent status; a run's own prompt names only the status tools it offers. */
function statusPollingLine(tools: NormalisedTools, strict: boolean): string[] {
  const pick = (keys: readonly string[]) =>
    strict ? offered(tools, keys) : keys.map((key) => toolDisplayName(tools, key));
  const names = [...pick(["subagents"]).map((name) => `${name} list`), ...pick(["sessions_list"])];
  if (names.length === 0) return [];
  return [`Do not poll ${names.join(" or ")} in a loop; check status only when you have a reason to.`];
}

function render(context: SectionContext) {
  const { tools } = context;
  const list =
    tools.displayNames.size === 0
      ? context.toolListComplete
        ? NO_TOOLS_LINE
        : fallbackBlock(tools)
      : formatToolList({ tools, summaries: context.toolSummaries, acp: context.acpEnabled && !context.sandbox }).join(
          "\n",
        );
  return {
    heading: "## Tooling",
    elements: [
      "Tool availability (filtered by policy):",
      "Tool names are case-sensitive: call each tool exactly as it is spelled in this list.",
      list,
      "TOOLS.md only holds the user's notes on using tools; it neither grants nor removes any tool.",
      ...waitLine(tools, context.toolListComplete),
      "If a task is more complex or takes longer, spawn a sub-agent. Completion is push-based: it will auto-announce when done.",
      ...acpLines(context),
      ...statusPollingLine(tools, context.toolListComplete),
    ],
  };
}

/**
 * `## Tooling` (spec/prompt.md §6.2). [runtime] In a run's own prompt (`toolListComplete`), slots
 * that name tools (waiting with exec/process, the ACP routing slots, sub-agent status polling)
 * name only tools the run offers; without it (`claw-eval prompt`) they read as in classic.
 */
export const toolingSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
