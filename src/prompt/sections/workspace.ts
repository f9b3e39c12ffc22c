import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  const container = context.sandbox?.containerWorkspaceDir;
  const guidance =
    container === undefined
      ? "Treat this directory as the one workspace for file work unless the user says otherwise."
      : `File tools (read/write/edit/apply_patch) resolve paths on the host workspace ${context.workspaceDir}; shell commands run in the container and need paths under ${container} (or relative ones). Prefer relative paths, which both sides accept.`;
  return {
    heading: "## Workspace",
    elements: [`Your working directory is: ${container ?? context.workspaceDir}`, guidance, ...context.workspaceNotes],
  };
}

/** `## Workspace` (spec/prompt.md §6.11). Paths are sanitised (§4.4). */
export const workspaceSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
