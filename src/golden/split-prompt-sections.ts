/** One section of a system prompt: its heading line and the lines up to the next heading. */
export interface PromptTextSection {
  /** Unique within one prompt: the heading, with ` (2)`, ` (3)` ... on repeats. */
  key: string;
  /** The heading line, or `null` for the text before the first heading (the identity line). */
  heading: string | null;
  /** The section's lines joined with `\n`, heading included. */
  text: string;
  /** 1-based line of the section's first line in the whole prompt. */
  startLine: number;
}

/**
 * Heading lines the assembler emits, in prompt order (spec/prompt.md §5). `## Group Chat
 * Context` and `## Subagent Context` are the two forms of one section.
 */
const ORDERED_HEADINGS: readonly (readonly string[])[] = [
  ["## Tooling"],
  ["## Tool Call Style"],
  ["## Safety"],
  ["## OpenClaw CLI Quick Reference"],
  ["## Skills (mandatory)"],
  ["## Memory Recall"],
  ["## OpenClaw Self-Update"],
  ["## Model Aliases"],
  ["## Workspace"],
  ["## Documentation"],
  ["## Sandbox"],
  ["## Authorized Senders"],
  ["## Current Date & Time"],
  ["## Workspace Files (injected)"],
  ["## Reply Tags"],
  ["## Messaging"],
  ["### message tool"],
  ["## Voice (TTS)"],
  ["## Group Chat Context", "## Subagent Context"],
  ["## Reactions"],
  ["## Reasoning Format"],
  ["# Project Context"],
];

/** The sections after Project Context, in order; found from the end, as context files may repeat them. */
const TAIL_HEADINGS = ["## Silent Replies", "## Heartbeats", "## Runtime"] as const;

const PROJECT_CONTEXT = "# Project Context";

/** `## <path>` of a context file: an absolute path as loaded, or one normalised for a golden file. */
const CONTEXT_FILE_HEADING = /^## (?:\/|~\/|<workspace>|<tmp>|<home>|<cwd>|[A-Za-z]:[\\/]|\\\\)/;

const RANK = new Map<string, number>(
  ORDERED_HEADINGS.flatMap((headings, rank) => headings.map((heading) => [heading, rank] as const)),
);

/** Line indexes of the tail headings: each the last occurrence before the next one. */
function findTailHeadings(lines: readonly string[]): number[] {
  const found: number[] = [];
  let end = lines.length;
  for (const heading of [...TAIL_HEADINGS].reverse()) {
    // lastIndexOf reads a negative start as counted from the end.
    const index = end === 0 ? -1 : lines.lastIndexOf(heading, end - 1);
    if (index === -1) continue;
    found.unshift(index);
    end = index;
  }
  return found;
}

/** Heading line indexes before the tail: known headings in increasing order, then context files. */
function findLeadingHeadings(lines: readonly string[], end: number): number[] {
  const found: number[] = [];
  let rank = -1;
  let inProjectContext = false;
  for (let index = 0; index < end; index++) {
    const line = lines[index] ?? "";
    if (inProjectContext) {
      if (CONTEXT_FILE_HEADING.test(line)) found.push(index);
      continue;
    }
    const lineRank = RANK.get(line);
    if (lineRank === undefined || lineRank <= rank) continue;
    found.push(index);
    rank = lineRank;
    inProjectContext = line === PROJECT_CONTEXT;
  }
  return found;
}

/**
 * Splits a system prompt (as assembled, or as read from a golden file) into sections at the
 * heading lines the assembler emits. The prompt text does not say which `#` lines are headings,
 * so: known section headings count only in prompt order (so `## Safety` inside AGENTS.md is
 * text), `## <absolute path>` lines count only inside Project Context, and the sections after
 * Project Context (Silent Replies, Heartbeats, Runtime) are their last occurrences. Text before
 * the first heading is a section with heading `null`. Joining the sections' texts with `\n`
 * gives the prompt back. Pure.
 */
export function splitPromptSections(text: string): PromptTextSection[] {
  const lines = text.split("\n");
  const tail = findTailHeadings(lines);
  const headings = [...findLeadingHeadings(lines, tail[0] ?? lines.length), ...tail];
  const isHeading = new Set(headings);
  const starts = headings[0] === 0 ? headings : [0, ...headings];
  const seen = new Map<string, number>();
  return starts.map((start, position) => {
    const heading = isHeading.has(start) ? (lines[start] ?? "") : null;
    const base = heading ?? "(preamble)";
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return {
      key: count === 1 ? base : `${base} (${count})`,
      heading,
      text: lines.slice(start, starts[position + 1] ?? lines.length).join("\n"),
      startLine: start + 1,
    };
  });
}
