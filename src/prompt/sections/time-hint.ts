import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.userTimezone === undefined) return undefined;
  return {
    heading: null,
    elements: [
      "For today's date, the current time or the weekday, call session_status and read its 📊 session_status card.",
    ],
  };
}

/** The unheaded time hint before `## Workspace` (spec/prompt.md §6.10): when a zone is set. */
export const timeHintSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
