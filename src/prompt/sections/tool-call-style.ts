import { FULL_AND_MINIMAL, type PromptSection } from "./prompt-section.js";

/** `## Tool Call Style` (spec/prompt.md §6.3). */
export const toolCallStyleSection: PromptSection = {
  modes: FULL_AND_MINIMAL,
  render: () => ({
    heading: "## Tool Call Style",
    elements: [
      "By default, make routine, low-risk tool calls without commenting on them.",
      "Comment only where it helps: work in several steps, hard problems, sensitive actions such as deleting things, or when the user asks for it.",
      "When you do comment, keep it short and informative.",
      "Use everyday words unless the setting is technical.",
      "When a first-class tool can do something, call it yourself instead of telling the user to run the matching CLI or slash command.",
    ],
  }),
};
