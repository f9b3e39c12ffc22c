import { estimateTokens } from "../platform/estimate-tokens.js";
import type { AssembledPrompt } from "./assemble-system-prompt.js";
import type { ContextFileReport } from "./bootstrap-files.js";
import type { BpeCounter } from "./load-bpe-counter.js";
import type { PromptMode } from "./system-prompt-input.js";

/** `claw-eval prompt <ws> --json` (DESIGN.md; spec/prompt.md §1.2). Counts are chars and tokens. */
export interface PromptReport {
  mode: PromptMode;
  text: string;
  headings: string[];
  sections: { id: string; heading: string | null; chars: number; tokens: number; bpeTokens: number }[];
  skills: { included: string[]; truncated: boolean; promptChars: number };
  contextFiles: ContextFileReport[];
}

export interface PromptReportInput {
  prompt: AssembledPrompt;
  contextFiles: readonly ContextFileReport[];
  skills: { included: readonly string[]; truncated: boolean; promptChars: number };
  countBpe: BpeCounter;
}

/** Builds the inspection report of an assembled prompt. Pure given the counter. */
export function buildPromptReport(input: PromptReportInput): PromptReport {
  const { prompt } = input;
  return {
    mode: prompt.mode,
    text: prompt.text,
    headings: prompt.sections.flatMap((section) => section.headings),
    sections: prompt.sections.map((section) => ({
      id: section.id,
      heading: section.heading,
      chars: section.text.length,
      tokens: estimateTokens(section.text),
      bpeTokens: input.countBpe(section.text),
    })),
    skills: {
      included: [...input.skills.included],
      truncated: input.skills.truncated,
      promptChars: input.skills.promptChars,
    },
    contextFiles: [...input.contextFiles],
  };
}
