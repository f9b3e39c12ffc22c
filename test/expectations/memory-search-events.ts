import type { AgentEvent } from "../../src/domain/index.js";
import { buildToolEvents, type ToolCallSpec } from "../support/build-turn.js";

/** One result of a synthetic `memory_search` call: `[path, startLine, endLine, score]`. */
export type HitSpec = readonly [path: string, startLine: number, endLine: number, score: number];

/** A `memory_search` call spec whose result text is the tool's JSON (memory.md §7.1). */
export function memorySearchCall(query: string, hits: readonly HitSpec[]): ToolCallSpec {
  const results = hits.map(([path, startLine, endLine, score]) => ({
    path,
    startLine,
    endLine,
    score,
    snippet: `snippet of ${path}`,
    source: "memory",
  }));
  const output = JSON.stringify({
    results,
    provider: "hash",
    model: "fnv1a-256",
    fallback: null,
    citations: "on",
    mode: "hybrid",
  });
  return { name: "memory_search", input: { query }, output };
}

/** Tool events for `calls`, ids `call-1`, `call-2`, ... */
export function toolEvents(...calls: ToolCallSpec[]): AgentEvent[] {
  return buildToolEvents(calls);
}
