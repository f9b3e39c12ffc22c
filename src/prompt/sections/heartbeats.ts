import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  return {
    heading: "## Heartbeats",
    elements: [
      `Heartbeat prompt: ${context.heartbeatPrompt ?? "(configured)"}`,
      "If you receive a heartbeat poll (a user message matching the prompt above) and there is nothing that needs attention, reply exactly:",
      "HEARTBEAT_OK",
      "OpenClaw treats HEARTBEAT_OK at the start or end of a reply as an acknowledgement and may drop it.",
      "If something needs attention, do NOT include 'HEARTBEAT_OK'; reply with the alert text instead.",
    ],
  };
}

/** `## Heartbeats` (spec/prompt.md §6.25): full mode, always. */
export const heartbeatsSection: PromptSection = { modes: FULL_ONLY, render };
