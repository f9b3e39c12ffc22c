import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.extraSystemPrompt === undefined) return undefined;
  const heading = context.mode === "minimal" ? "## Subagent Context" : "## Group Chat Context";
  return { heading, elements: [context.extraSystemPrompt] };
}

/** `## Group Chat Context` / `## Subagent Context` (spec/prompt.md §6.20). */
export const extraContextSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
