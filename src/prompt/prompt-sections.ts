import { basename } from "node:path";
import { buildRuntimeLine } from "./build-runtime-line.js";
import { formatToolList, normaliseToolNames } from "./format-tool-list.js";
import { IDENTITY_LINE, type PromptMode, type SystemPromptInput } from "./system-prompt-input.js";

/** Section ids in prompt order (spec/prompt.md §5). */
export const SECTION_IDS = ["identity", "tooling", "workspace", "project-context", "runtime"] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface SectionContext {
  input: SystemPromptInput;
  mode: PromptMode;
}

export interface PromptSection {
  /** Heading line, or `null` for unheaded sections. */
  heading: string | null;
  /** Modes the section appears in (`none` renders the identity line only). */
  modes: readonly PromptMode[];
  /** Lines of the section (empty ⇒ the section is absent); the heading is the first line. */
  render(context: SectionContext): string[];
  /** Extra heading lines the section emits inside itself (e.g. `## <path>`). */
  innerHeadings?(context: SectionContext): string[];
}

const FULL_AND_MINIMAL: readonly PromptMode[] = ["full", "minimal"];

function tooling({ input }: SectionContext): string[] {
  const tools = normaliseToolNames(input.toolNames ?? []);
  return [
    "## Tooling",
    "Tool availability (filtered by policy):",
    "Tool names are case-sensitive; call each tool exactly as it is spelled below.",
    formatToolList(tools, input.toolSummaries).join("\n"),
    "TOOLS.md holds the user's notes about tools; it does not add or remove any tool.",
  ];
}

function workspace({ input }: SectionContext): string[] {
  const notes = (input.workspaceNotes ?? []).map((note) => note.trim()).filter((note) => note !== "");
  return [
    "## Workspace",
    `Your working directory is: ${input.workspaceDir}`,
    "Treat this directory as the one workspace for file work unless the user says otherwise.",
    ...notes,
  ];
}

function validContextFiles(input: SystemPromptInput) {
  return (input.contextFiles ?? []).filter((file) => file.path.trim() !== "");
}

function projectContext({ input }: SectionContext): string[] {
  const files = validContextFiles(input);
  if (files.length === 0) return [];
  const hasSoul = files.some((file) => basename(file.path.trim().replace(/\\/g, "/")).toLowerCase() === "soul.md");
  const lines = ["# Project Context", "The project context files loaded for this session follow."];
  if (hasSoul) {
    lines.push(
      "If SOUL.md is present, embody its persona and tone. Keep replies from sounding stiff or generic, and let higher-priority instructions win over it.",
    );
  }
  for (const file of files) lines.push(`## ${file.path}`, file.content);
  return lines;
}

function runtime({ input }: SectionContext): string[] {
  const reasoning = input.reasoningLevel?.trim() || "off";
  return [
    "## Runtime",
    buildRuntimeLine(input.runtimeInfo, input.thinkLevel),
    `Reasoning: ${reasoning} (hidden unless on or stream; /reasoning toggles it and /status shows it).`,
  ];
}

/** One renderer per section id, in a Record so a new id without a renderer fails to compile. */
export const PROMPT_SECTIONS: Record<SectionId, PromptSection> = {
  identity: { heading: null, modes: ["full", "minimal", "none"], render: () => [IDENTITY_LINE] },
  tooling: { heading: "## Tooling", modes: FULL_AND_MINIMAL, render: tooling },
  workspace: { heading: "## Workspace", modes: FULL_AND_MINIMAL, render: workspace },
  "project-context": {
    heading: "# Project Context",
    modes: FULL_AND_MINIMAL,
    render: projectContext,
    innerHeadings: ({ input }) => validContextFiles(input).map((file) => `## ${file.path}`),
  },
  runtime: { heading: "## Runtime", modes: FULL_AND_MINIMAL, render: runtime },
};
