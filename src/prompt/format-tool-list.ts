import { TOOL_ORDER, TOOL_SUMMARIES } from "./tool-summaries.js";

export interface NormalisedTools {
  /** Lower-case key to display name (first occurrence wins). */
  displayNames: Map<string, string>;
}

/** Trims names, drops blanks, de-duplicates by lower-case key keeping the first spelling. */
export function normaliseToolNames(names: readonly string[]): NormalisedTools {
  const displayNames = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name === "") continue;
    const key = name.toLowerCase();
    if (!displayNames.has(key)) displayNames.set(key, name);
  }
  return { displayNames };
}

/**
 * The Tooling list lines `- <Name>: <summary>` (spec/prompt.md §6.2): core tools in
 * `TOOL_ORDER` first, then the rest sorted by lower-case key.
 */
export function formatToolList(
  tools: NormalisedTools,
  callerSummaries: Readonly<Record<string, string>> = {},
): string[] {
  const summaries = new Map<string, string>();
  for (const [key, value] of Object.entries(callerSummaries)) {
    const trimmed = value.trim();
    if (trimmed !== "") summaries.set(key.trim().toLowerCase(), trimmed);
  }
  const ordered: string[] = TOOL_ORDER.filter((key) => tools.displayNames.has(key));
  const inOrder = new Set<string>(ordered);
  const rest = [...tools.displayNames.keys()].filter((key) => !inOrder.has(key)).sort();
  return [...ordered, ...rest].map((key) => {
    const name = tools.displayNames.get(key) ?? key;
    const summary = TOOL_SUMMARIES[key] ?? summaries.get(key);
    return summary === undefined ? `- ${name}` : `- ${name}: ${summary}`;
  });
}
