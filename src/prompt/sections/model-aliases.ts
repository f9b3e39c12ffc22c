import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.modelAliasLines.length === 0) return undefined;
  return {
    heading: "## Model Aliases",
    elements: [
      "Prefer these aliases when naming a model in an override; full provider/model ids work as well.",
      context.modelAliasLines.join("\n"),
    ],
  };
}

/** `## Model Aliases` (spec/prompt.md §6.9): full mode, with at least one alias line. */
export const modelAliasesSection: PromptSection = { modes: FULL_ONLY, render };
