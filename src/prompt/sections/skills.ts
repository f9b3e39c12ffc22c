import { toolDisplayName } from "../format-tool-list.js";
import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.skillsPrompt === undefined) return undefined;
  const read = toolDisplayName(context.tools, "read");
  return {
    heading: "## Skills (mandatory)",
    elements: [
      "Before replying: scan the <description> of each entry in <available_skills>.",
      `- If exactly one skill clearly applies: read its SKILL.md at <location> with \`${read}\`, then follow it.`,
      "- If several could apply: pick the most specific one, then read and follow it.",
      "- If none clearly applies: do not read any SKILL.md.",
      "Constraints: never read more than one skill up front, and only read one after choosing it.",
      context.skillsPrompt,
    ],
  };
}

/** `## Skills (mandatory)` (spec/prompt.md §6.6): present whenever the trimmed catalog is non-empty. */
export const skillsSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
