import { hasTool } from "../format-tool-list.js";
import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

const SELF_UPDATE_BODY = [
  "Update OpenClaw itself only when the user explicitly asks you to.",
  "config.apply and update.run also need an explicit user request; if the request is unclear, ask first.",
  "Before changing config or answering questions about config fields, consult config.schema instead of guessing.",
  "Actions: config.get, config.schema, config.apply (validates and writes the whole config, then restarts), update.run (updates dependencies or the git checkout, then restarts).",
  "After a restart, OpenClaw pings the last active session by itself.",
].join("\n");

function render(context: SectionContext) {
  if (!hasTool(context.tools, "gateway")) return undefined;
  return { heading: "## OpenClaw Self-Update", elements: [SELF_UPDATE_BODY] };
}

/** `## OpenClaw Self-Update` (spec/prompt.md §6.8): full mode, when `gateway` is available. */
export const selfUpdateSection: PromptSection = { modes: FULL_ONLY, render };
