import type { ContextFile } from "../bootstrap-files.js";
import { type BodyElement, FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function isSoulFile(path: string): boolean {
  const segments = path.trim().replace(/\\/g, "/").split("/");
  return (segments.at(-1) ?? "").toLowerCase() === "soul.md";
}

/** Context files whose path is a non-blank string, in input order (§6.23). */
export function validContextFiles(files: readonly ContextFile[]): ContextFile[] {
  return files.filter((file) => typeof file.path === "string" && file.path.trim() !== "");
}

function render(context: SectionContext) {
  const files = validContextFiles(context.contextFiles);
  if (files.length === 0) return undefined;
  const elements: BodyElement[] = ["The project context files loaded for this session follow."];
  if (files.some((file) => isSoulFile(file.path))) {
    elements.push(
      "If SOUL.md is present, embody its persona and tone. Keep replies from sounding stiff or generic, and let higher-priority instructions win over it.",
    );
  }
  for (const file of files) {
    elements.push({ subHeading: `## ${file.path}` }, typeof file.content === "string" ? file.content : "");
  }
  return { heading: "# Project Context", elements };
}

/** `# Project Context` with a `## <path>` block per file (spec/prompt.md §6.23, §9.6). */
export const projectContextSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
