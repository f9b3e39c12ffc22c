import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

const REASONING_FORMAT_LINE = [
  "Keep all reasoning inside <think>...</think> and nowhere else.",
  "Shape every reply as <think>...</think> followed by <final>...</final>, with no other text.",
  "The user sees only what is inside <final>.",
  "Example: <think>The user greets me; a short greeting fits.</think><final>Hi there!</final>",
].join(" ");

function render(context: SectionContext) {
  if (!context.reasoningTagHint) return undefined;
  return { heading: "## Reasoning Format", elements: [REASONING_FORMAT_LINE] };
}

/** `## Reasoning Format` (spec/prompt.md §6.22): when the reasoning tag hint is on. */
export const reasoningFormatSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
