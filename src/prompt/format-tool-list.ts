import { ACP_TOOL_SUMMARIES, TOOL_ORDER, TOOL_SUMMARIES } from "./tool-summaries.js";

export interface NormalisedTools {
  /** Lower-case key to display name (first occurrence wins), in input order. */
  displayNames: ReadonlyMap<string, string>;
}

/** Trims names, drops blanks, de-duplicates by lower-case key keeping the first spelling (§4.1). */
export function normaliseToolNames(names: readonly string[]): NormalisedTools {
  const displayNames = new Map<string, string>();
  for (const raw of names) {
    const name = String(raw).trim();
    if (name === "") continue;
    const key = name.toLowerCase();
    if (!displayNames.has(key)) displayNames.set(key, name);
  }
  return { displayNames };
}

/** Whether the tool with this lower-case key is available. */
export function hasTool(tools: NormalisedTools, key: string): boolean {
  return tools.displayNames.has(key);
}

/** How guidance names a tool: its display name, or the lower-case key when it is absent. */
export function toolDisplayName(tools: NormalisedTools, key: string): string {
  return tools.displayNames.get(key) ?? key;
}

/** Caller summaries keyed by trimmed lower-case name; blank values ignored, values trimmed. */
export function normaliseToolSummaries(summaries: Readonly<Record<string, string>> | undefined): Map<string, string> {
  const normalised = new Map<string, string>();
  for (const [name, value] of Object.entries(summaries ?? {})) {
    const key = name.trim().toLowerCase();
    const summary = typeof value === "string" ? value.trim() : "";
    if (key !== "" && summary !== "") normalised.set(key, summary);
  }
  return normalised;
}

export interface ToolListOptions {
  tools: NormalisedTools;
  /** Normalised caller summaries (see {@link normaliseToolSummaries}). */
  summaries: ReadonlyMap<string, string>;
  /** Use the ACP variants of the built-in summaries (ACP enabled and not sandboxed). */
  acp: boolean;
}

/** A built-in summary for a lower-case key, if there is one. */
export function builtInToolSummary(key: string, acp: boolean): string | undefined {
  return (acp ? ACP_TOOL_SUMMARIES[key] : undefined) ?? TOOL_SUMMARIES[key];
}

/**
 * The Tooling list lines `- <Name>: <summary>` (spec/prompt.md §6.2): keys of `TOOL_ORDER`
 * first, in that order, then every other key sorted by code-unit order of the lower-case key.
 */
export function formatToolList(options: ToolListOptions): string[] {
  const { tools, summaries, acp } = options;
  const ordered: string[] = TOOL_ORDER.filter((key) => tools.displayNames.has(key));
  const inOrder = new Set<string>(ordered);
  const rest = [...tools.displayNames.keys()].filter((key) => !inOrder.has(key)).sort();
  return [...ordered, ...rest].map((key) => {
    const name = toolDisplayName(tools, key);
    const summary = builtInToolSummary(key, acp) ?? summaries.get(key);
    return summary === undefined ? `- ${name}` : `- ${name}: ${summary}`;
  });
}
