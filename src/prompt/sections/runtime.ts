import { buildRuntimeLine } from "../build-runtime-line.js";
import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  const reasoning = context.reasoningLevel?.trim() || "off";
  return {
    heading: "## Runtime",
    elements: [
      buildRuntimeLine(context.runtimeInfo, context.thinkLevel),
      `Reasoning: ${reasoning} (hidden unless on or stream; /reasoning toggles it and /status shows it).`,
    ],
  };
}

/** `## Runtime`: the runtime line, then the `Reasoning:` line that ends the prompt (§6.26, §7). */
export const runtimeSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
