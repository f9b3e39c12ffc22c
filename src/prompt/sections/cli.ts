import { FULL_AND_MINIMAL, type PromptSection } from "./prompt-section.js";

/** `## OpenClaw CLI Quick Reference` (spec/prompt.md §6.5, with the chat-command slot of §14 D4). */
export const cliSection: PromptSection = {
  modes: FULL_AND_MINIMAL,
  render: () => ({
    heading: "## OpenClaw CLI Quick Reference",
    elements: [
      "OpenClaw is operated through its subcommands; never invent a command that does not exist.",
      "Managing the Gateway daemon service:",
      "- openclaw gateway status",
      "- openclaw gateway start",
      "- openclaw gateway stop",
      "- openclaw gateway restart",
      "Chat commands: /status (session status), /new (fresh session), /compact (compact the context), /think (set the thinking level), /usage (usage so far).",
      "When in doubt, ask the user to run `openclaw help` (or `openclaw gateway --help`) and share what it prints.",
    ],
  }),
};
