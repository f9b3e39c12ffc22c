import { FULL_ONLY, type PromptSection } from "./prompt-section.js";

/** `## Silent Replies` (spec/prompt.md §6.24): the `NO_REPLY` token. */
export const silentRepliesSection: PromptSection = {
  modes: FULL_ONLY,
  render: () => ({
    heading: "## Silent Replies",
    elements: [
      "When you have nothing to say, respond with ONLY: NO_REPLY",
      "It must be your ENTIRE message — nothing else",
      "Never append it to an actual response, and never put it inside one.",
      "Do not wrap it in markdown or code formatting.",
      "Wrong: Done, all set. NO_REPLY",
      'Wrong: "NO_REPLY"',
      "Right: NO_REPLY",
    ],
  }),
};
