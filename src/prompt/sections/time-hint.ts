import { hasTool, toolDisplayName } from "../format-tool-list.js";
import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.userTimezone === undefined) return undefined;
  if (context.toolListComplete && !hasTool(context.tools, "session_status")) return undefined;
  const status = toolDisplayName(context.tools, "session_status");
  return {
    heading: null,
    elements: [`For today's date, the current time or the weekday, call ${status} and read its 📊 ${status} card.`],
  };
}

/**
 * The unheaded time hint before `## Workspace` (spec/prompt.md §6.10): when a zone is set and,
 * in a run's own prompt (`toolListComplete`) [runtime], unlike classic, only when `session_status`
 * is offered, so it never names a missing tool; `claw-eval prompt` keeps the classic line.
 */
export const timeHintSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
