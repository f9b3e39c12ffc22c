import { hasTool, toolDisplayName } from "../format-tool-list.js";
import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  const { tools } = context;
  if (!hasTool(tools, "memory_search") && !hasTool(tools, "memory_get")) return undefined;
  const search = toolDisplayName(tools, "memory_search");
  const get = toolDisplayName(tools, "memory_get");
  return {
    heading: "## Memory Recall",
    elements: [
      `Before answering anything about prior work, decisions, dates, people, preferences, or todos: run ${search} on MEMORY.md + memory/*.md; then use ${get} to pull only the needed lines. If low confidence after search, say you checked.`,
      context.memoryCitationsMode === "off"
        ? "Citations are off: leave file paths and line numbers out of replies unless the user asks for them."
        : "Where it lets the user check a memory snippet, you may cite it as Source: <path#line>.",
    ],
  };
}

/** `## Memory Recall` (spec/prompt.md §6.7): full mode, when a memory tool is available. */
export const memoryRecallSection: PromptSection = { modes: FULL_ONLY, render };
