import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.ttsHint === undefined) return undefined;
  return { heading: "## Voice (TTS)", elements: [context.ttsHint] };
}

/** `## Voice (TTS)` (spec/prompt.md §6.19): the trimmed hint verbatim. */
export const voiceSection: PromptSection = { modes: FULL_ONLY, render };
