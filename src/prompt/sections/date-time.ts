import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.userTimezone === undefined) return undefined;
  return { heading: "## Current Date & Time", elements: [`Time zone: ${context.userTimezone}`] };
}

/** `## Current Date & Time` (spec/prompt.md §6.15): the zone only, never a date or clock. */
export const dateTimeSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
