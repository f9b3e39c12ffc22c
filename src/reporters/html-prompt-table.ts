import { splitPromptSections } from "../golden/split-prompt-sections.js";
import { estimateTokens } from "../platform/estimate-tokens.js";

/** One section of a system prompt as the HTML report lists it. */
export interface HtmlPromptSection {
  /** The section's key: its heading line, `(preamble)` before the first heading, ` (2)` on repeats. */
  key: string;
  /** 1-based line of the section's heading in the whole prompt. */
  line: number;
  /** Estimated tokens of the section's text (`estimateTokens`, ceil(chars / 4)). */
  tokens: number;
}

/** A distinct system prompt of the run, stored once however many turns used it. */
export interface HtmlPrompt {
  text: string;
  /** Estimated tokens of the whole prompt. */
  tokens: number;
  sections: HtmlPromptSection[];
}

/** Interns system prompts: each distinct text gets one index, in order of first use. */
export interface HtmlPromptTable {
  /** The index of `text`, adding it (with its sections) the first time it is seen. */
  indexOf(text: string): number;
  /** Every distinct prompt, in index order. */
  readonly prompts: readonly HtmlPrompt[];
}

/**
 * The sections of a prompt with their lines and token estimates, split at the same headings as
 * golden diffs (`splitPromptSections`). Pure.
 */
export function describePrompt(text: string): HtmlPrompt {
  const sections = splitPromptSections(text).map((section) => ({
    key: section.key,
    line: section.startLine,
    tokens: estimateTokens(section.text),
  }));
  return { text, tokens: estimateTokens(text), sections };
}

/** A fresh, empty {@link HtmlPromptTable}. */
export function createHtmlPromptTable(): HtmlPromptTable {
  const indexes = new Map<string, number>();
  const prompts: HtmlPrompt[] = [];
  return {
    prompts,
    indexOf(text) {
      const known = indexes.get(text);
      if (known !== undefined) return known;
      indexes.set(text, prompts.length);
      prompts.push(describePrompt(text));
      return prompts.length - 1;
    },
  };
}
