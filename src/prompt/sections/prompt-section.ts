import type { NormalisedPromptInput } from "../normalise-prompt-input.js";
import type { PromptMode } from "../system-prompt-input.js";

/** A heading line the section emits inside its body (`### message tool`, `## <path>`). */
export interface SubHeading {
  subHeading: string;
}

/** One output element (§2): may contain newlines; empty strings are dropped. */
export type BodyElement = string | SubHeading;

export interface SectionBody {
  /** The section heading line, or `null` for an unheaded section. */
  heading: string | null;
  /** Elements after the heading, in order. */
  elements: readonly BodyElement[];
}

/** What a section renders from: the normalised input (its `mode` included). */
export type SectionContext = NormalisedPromptInput;

export interface PromptSection {
  /** Modes the section may appear in; `none` renders the identity line only. */
  modes: readonly PromptMode[];
  /** The section, or `undefined` when its condition (spec/prompt.md §5) does not hold. Pure. */
  render(context: SectionContext): SectionBody | undefined;
}

export const ALL_MODES: readonly PromptMode[] = ["full", "minimal", "none"];
export const FULL_AND_MINIMAL: readonly PromptMode[] = ["full", "minimal"];
export const FULL_ONLY: readonly PromptMode[] = ["full"];
