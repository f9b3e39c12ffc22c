import { type AgentEvent, assistantText, isRecord, type MemoryCitationSource } from "../domain/index.js";
import { findMemoryCitations, type MemoryCitation, parseMemoryCitation } from "./parse-memory-citations.js";

/** A citation a unit produced, where it appeared, and the snippet it stands for when known. */
export interface CollectedMemoryCitation {
  /** `undefined` when a search result's `citation` is not of the form `path#Lx[-Ly]`. */
  parsed: MemoryCitation | undefined;
  /** As written. */
  text: string;
  source: MemoryCitationSource;
  /** 0-based turn index. */
  turnIndex: number;
  /** The search result's snippet: its own for `search`, an earlier result with the same citation for the others. */
  snippet?: string;
}

export interface CollectMemoryCitationsOptions {
  /** The unit's turns in order, each with its events. */
  turns: readonly { index: number; events: readonly AgentEvent[] }[];
  /**
   * Whether a path found in assistant text names a memory file; others (`src/app.ts#L3`) are not
   * memory citations and are left out.
   */
  isMemoryPath: (path: string) => boolean;
}

function searchEntries(event: AgentEvent): { citation: string; snippet?: string }[] {
  if (event.type !== "tool_execution_end" || event.toolName !== "memory_search" || event.isError) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.result.content.map((block) => block.text).join(""));
  } catch {
    // Not the tool's JSON (a failed call's message): it cited nothing.
    return [];
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.results)) return [];
  return parsed.results.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.citation !== "string") return [];
    return [{ citation: entry.citation, ...(typeof entry.snippet === "string" ? { snippet: entry.snippet } : {}) }];
  });
}

interface Found {
  source: MemoryCitationSource;
  text: string;
  snippet?: string;
}

function citationsOf(event: AgentEvent, isMemoryPath: (path: string) => boolean): Found[] {
  if (event.type === "recall_injected") return (event.citations ?? []).map((text) => ({ source: "recall", text }));
  if (event.type === "message_end" && event.message.role === "assistant") {
    return findMemoryCitations(assistantText(event.message))
      .filter((citation) => isMemoryPath(citation.path))
      .map((citation) => ({ source: "reply", text: citation.text }));
  }
  return searchEntries(event).map(({ citation, snippet }) => ({
    source: "search",
    text: citation,
    ...(snippet === undefined ? {} : { snippet }),
  }));
}

/**
 * Every memory citation of a unit, in turn and event order (pure): the `citation` of each
 * `memory_search` result, the citations of passive recall, and the memory-file citations in
 * assistant messages. A citation repeated within one turn and source is kept once. Reply and
 * recall citations borrow the snippet of a search result with the same citation, when one came
 * earlier in the unit.
 */
export function collectMemoryCitations(options: CollectMemoryCitationsOptions): CollectedMemoryCitation[] {
  const snippets = new Map<string, string>();
  const seen = new Set<string>();
  const collected: CollectedMemoryCitation[] = [];
  for (const turn of options.turns) {
    for (const event of turn.events) {
      for (const found of citationsOf(event, options.isMemoryPath)) {
        const text = found.text.trim();
        if (found.snippet !== undefined && !snippets.has(text)) snippets.set(text, found.snippet);
        const key = `${turn.index}\u0000${found.source}\u0000${text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const snippet = found.snippet ?? snippets.get(text);
        collected.push({
          parsed: parseMemoryCitation(text),
          text,
          source: found.source,
          turnIndex: turn.index,
          ...(snippet === undefined ? {} : { snippet }),
        });
      }
    }
  }
  return collected;
}
