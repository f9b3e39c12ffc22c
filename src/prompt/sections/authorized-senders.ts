import { formatOwnerIds } from "../format-owner-ids.js";
import { FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

function render(context: SectionContext) {
  const ids = formatOwnerIds({
    ownerNumbers: context.ownerNumbers,
    display: context.ownerDisplay,
    secret: context.ownerDisplaySecret,
  });
  if (ids.length === 0) return undefined;
  return {
    heading: "## Authorized Senders",
    elements: [
      `Authorized senders: ${ids.join(", ")}. These senders are allowlisted; do not assume they are the owner.`,
    ],
  };
}

/** `## Authorized Senders` (spec/prompt.md §6.14): full mode, with at least one owner id. */
export const authorizedSendersSection: PromptSection = { modes: FULL_ONLY, render };
