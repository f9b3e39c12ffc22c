import { FULL_ONLY, type PromptSection } from "./prompt-section.js";

/** `## Reply Tags` (spec/prompt.md §6.17). Tag strings are exact. */
export const replyTagsSection: PromptSection = {
  modes: FULL_ONLY,
  render: () => ({
    heading: "## Reply Tags",
    elements: [
      "Where the channel supports it, one tag in your reply asks for a native reply/quote:",
      "- Put the tag first, with nothing before it: [[reply_to_current]] <text>",
      "- [[reply_to_current]] replies to the triggering message.",
      "- Use [[reply_to_current]] by default; use [[reply_to:<id>]] only with an id you were given explicitly.",
      "- Spaces inside the brackets are fine: [[ reply_to_current ]], [[ reply_to: 123 ]].",
      "- Tags are removed before delivery; whether they take effect depends on the channel config.",
    ],
  }),
};
