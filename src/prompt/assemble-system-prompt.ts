import { PROMPT_SECTIONS, SECTION_IDS, type SectionId } from "./prompt-sections.js";
import type { PromptMode, SystemPromptInput } from "./system-prompt-input.js";

export interface RenderedSection {
  id: SectionId;
  heading: string | null;
  /** The section's text: its non-empty lines joined with `\n`. */
  text: string;
  /** Heading lines the assembler emitted for this section, in order. */
  headings: string[];
}

export interface AssembledPrompt {
  mode: PromptMode;
  text: string;
  sections: RenderedSection[];
}

function resolveMode(mode: PromptMode | undefined): PromptMode {
  return mode === "minimal" || mode === "none" ? mode : "full";
}

/**
 * Renders the system prompt section by section (spec/prompt.md §2, §5). Pure: empty lines
 * are dropped and the rest joined with `\n`; the text never ends with a newline.
 */
export function assembleSectionedPrompt(input: SystemPromptInput): AssembledPrompt {
  const mode = resolveMode(input.promptMode);
  const context = { input, mode };
  const sections: RenderedSection[] = [];
  for (const id of SECTION_IDS) {
    const section = PROMPT_SECTIONS[id];
    if (!section.modes.includes(mode)) continue;
    const lines = section.render(context).filter((line) => line !== "");
    if (lines.length === 0) continue;
    const headings = [
      ...(section.heading === null ? [] : [section.heading]),
      ...(section.innerHeadings?.(context) ?? []),
    ];
    sections.push({ id, heading: section.heading, text: lines.join("\n"), headings });
  }
  return { mode, text: sections.map((section) => section.text).join("\n"), sections };
}

/** The system prompt text (spec/prompt.md §1.2 `assembleSystemPrompt`). */
export function assembleSystemPrompt(input: SystemPromptInput): string {
  return assembleSectionedPrompt(input).text;
}
