import { IDENTITY_LINE } from "../system-prompt-input.js";
import { ALL_MODES, type PromptSection } from "./prompt-section.js";

/** The identity line, in every mode (spec/prompt.md §6.1). */
export const identitySection: PromptSection = {
  modes: ALL_MODES,
  render: () => ({ heading: null, elements: [IDENTITY_LINE] }),
};
