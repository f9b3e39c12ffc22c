import { normalisePromptInput } from "./normalise-prompt-input.js";
import { PROMPT_SECTIONS, SECTION_IDS, type SectionId } from "./prompt-sections.js";
import type { PromptMode, SystemPromptInput } from "./system-prompt-input.js";

export interface AssembledSection {
  id: SectionId;
  /** The section heading line, or `null` for the identity line and the time hint. */
  heading: string | null;
  /** The section's non-empty elements (heading first) joined with `\n`. */
  text: string;
  /**
   * Heading lines the assembler emitted for this section, in order: the section heading,
   * `### message tool`, each `## <path>`. Never `#` lines inside inserted text.
   */
  headings: string[];
}

export interface AssembledPrompt {
  mode: PromptMode;
  /** The whole prompt; no blank lines between sections, no trailing newline (§2). */
  text: string;
  /** The sections present, in prompt order. */
  sections: AssembledSection[];
}

/**
 * Renders the system prompt section by section (spec/prompt.md §2–§6). Pure and
 * deterministic: the same input gives the same bytes. Empty elements are dropped, the rest
 * joined with `\n`.
 */
export function assembleSectionedPrompt(input: SystemPromptInput): AssembledPrompt {
  const context = normalisePromptInput(input);
  const lines: string[] = [];
  const spans: { id: SectionId; heading: string | null; headings: string[]; start: number; end: number }[] = [];
  let offset = 0;
  for (const id of SECTION_IDS) {
    const section = PROMPT_SECTIONS[id];
    if (!section.modes.includes(context.mode)) continue;
    const rendered = section.render(context);
    if (rendered === undefined) continue;
    const headings = rendered.heading === null ? [] : [rendered.heading];
    const sectionLines = [...headings];
    for (const element of rendered.elements) {
      if (typeof element === "string") {
        if (element !== "") sectionLines.push(element);
        continue;
      }
      headings.push(element.subHeading);
      sectionLines.push(element.subHeading);
    }
    if (sectionLines.length === 0) continue;
    // Offsets into the final text: each line is followed by one "\n" except the very last.
    const start = offset;
    for (const line of sectionLines) offset += line.length + 1;
    spans.push({ id, heading: rendered.heading, headings, start, end: offset - 1 });
    lines.push(...sectionLines);
  }
  // One join for the whole prompt; section texts are slices of it (no second copy).
  const text = lines.join("\n");
  const sections = spans.map((span) => ({
    id: span.id,
    heading: span.heading,
    text: text.slice(span.start, span.end),
    headings: span.headings,
  }));
  return { mode: context.mode, text, sections };
}

/** The system prompt text (spec/prompt.md §1.2 `assembleSystemPrompt`). Pure. */
export function assembleSystemPrompt(input: SystemPromptInput): string {
  return assembleSectionedPrompt(input).text;
}
