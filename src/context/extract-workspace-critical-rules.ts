/** Chars of extracted rules before `\n...[truncated]...` (context.md §5.9). */
export const WORKSPACE_RULES_MAX_CHARS = 2000;

/** Each wanted section, with the heading used when the first is absent. */
const WANTED_SECTIONS: readonly (readonly [string, string])[] = [
  ["Session Startup", "Every Session"],
  ["Red Lines", "Safety"],
];

interface Heading {
  line: number;
  level: number;
  title: string;
}

/** Markdown headings outside fenced code, with their line numbers. */
function listHeadings(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return;
    }
    const match = fence === undefined ? /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (match !== null) headings.push({ line: index, level: (match[1] as string).length, title: match[2] as string });
  });
  return headings;
}

/** The H2/H3 section titled `title` (case-insensitive), heading line included, up to the next heading of its level or above. */
function findSection(lines: readonly string[], headings: readonly Heading[], title: string): string | undefined {
  const wanted = title.toLowerCase();
  const index = headings.findIndex(
    (heading) => heading.level >= 2 && heading.level <= 3 && heading.title.toLowerCase() === wanted,
  );
  const start = headings[index];
  if (start === undefined) return undefined;
  const end = headings.slice(index + 1).find((heading) => heading.level <= start.level)?.line ?? lines.length;
  return lines.slice(start.line, end).join("\n").trim();
}

/**
 * The workspace critical-rules section of a compaction summary (context.md §5.9): the
 * `Session Startup` (else `Every Session`) and `Red Lines` (else `Safety`) sections of the
 * workspace AGENTS.md text, matched as H2/H3 headings case-insensitively with fenced code
 * ignored, joined by a blank line, cut to 2000 chars + `\n...[truncated]...`, wrapped in
 * `<workspace-critical-rules>`. `""` when the text is missing or has neither section. Pure.
 */
export function extractWorkspaceCriticalRules(agentsText: string | undefined): string {
  if (agentsText === undefined) return "";
  const lines = agentsText.replace(/\r\n?/g, "\n").split("\n");
  const headings = listHeadings(lines);
  const sections = WANTED_SECTIONS.map(
    ([title, fallback]) => findSection(lines, headings, title) ?? findSection(lines, headings, fallback),
  ).filter((section): section is string => section !== undefined && section !== "");
  if (sections.length === 0) return "";
  let text = sections.join("\n\n");
  if (text.length > WORKSPACE_RULES_MAX_CHARS) text = `${text.slice(0, WORKSPACE_RULES_MAX_CHARS)}\n...[truncated]...`;
  return `<workspace-critical-rules>\n${text}\n</workspace-critical-rules>`;
}
