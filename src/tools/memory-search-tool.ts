import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { readOptionalNumber, readString } from "./tool-arguments.js";

/** What `memory_search` answers when the session has no memory index (memory.md §7.1). */
export const MEMORY_OFF_RESULT = {
  results: [],
  disabled: true,
  unavailable: true,
  error: "memory search is not enabled for this agent",
  warning: "memory search is unavailable",
  action: "enable agents.defaults.memorySearch to search memory",
} as const;

/**
 * `memory_search { query, maxResults?, minScore? }` (memory.md §7.1): ranked notes from
 * MEMORY.md and memory/*.md with scores, snippets and `path#Lx-Ly` citations, as JSON text.
 * Never an error result: an unavailable index answers `{ results: [], unavailable: true, ... }`.
 */
export const memorySearchTool: Tool = {
  name: "memory_search",
  description:
    "Search your memory notes (MEMORY.md and memory/*.md) for prior decisions, people, preferences, dates and " +
    "to-dos. Returns the best matching snippets with their file and line range.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "What to look for, in plain words." },
      maxResults: { type: "number", description: "At most this many results (default 6)." },
      minScore: { type: "number", description: "Only results scoring at least this, 0 to 1 (default 0.35)." },
    },
    required: ["query"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const query = readString(input, "query");
    const maxResults = readOptionalNumber(input, "maxResults");
    const minScore = readOptionalNumber(input, "minScore");
    if (context.memory === undefined) return textResult(JSON.stringify(MEMORY_OFF_RESULT));
    const result = await context.memory.search({
      query,
      ...(maxResults === undefined ? {} : { maxResults }),
      ...(minScore === undefined ? {} : { minScore }),
    });
    return textResult(JSON.stringify(result, null, 2));
  },
};
