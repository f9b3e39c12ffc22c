import { FULL_AND_MINIMAL, type PromptSection } from "./prompt-section.js";

/** `## Workspace Files (injected)` (spec/prompt.md §6.16): always, even without context files. */
export const workspaceFilesSection: PromptSection = {
  modes: FULL_AND_MINIMAL,
  render: () => ({
    heading: "## Workspace Files (injected)",
    elements: [
      "The user-editable workspace files that OpenClaw loads are included further down, under Project Context.",
    ],
  }),
};
