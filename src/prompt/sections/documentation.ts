import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  if (context.docsPath === undefined) return undefined;
  return {
    heading: "## Documentation",
    elements: [
      `OpenClaw docs: ${context.docsPath}`,
      "Mirror: https://docs.openclaw.ai",
      "Source: https://github.com/openclaw/openclaw",
      "Community: https://discord.com/invite/clawd",
      "Find new skills: https://clawhub.com",
      "Look in the local docs first for how OpenClaw behaves, its commands, its config and its architecture.",
      "When troubleshooting, run openclaw status yourself where you can; turn to the user only when you lack access (for example inside a sandbox).",
    ],
  };
}

/** `## Documentation` (spec/prompt.md §6.12): full mode, when a docs path is known. */
export const documentationSection: PromptSection = { modes: FULL_ONLY, render };
