import { isRecord } from "../domain/index.js";
import { formatCitation as formatMemoryCitation } from "../memory/format-memory-tool-results.js";
import { normaliseCitationPath } from "../memory/parse-memory-citations.js";
import type { ToolCallRecord } from "./expectation-context.js";

/** One result of a `memory_search` call (memory.md §7.1); lines are 1-based and inclusive. */
export interface MemoryHit {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
}

/** A `memory_search` call of the turn and what it returned. */
export interface MemorySearch {
  /** The call's `query` argument; empty when it had none. */
  query: string;
  /** Results in the order returned (rank 1 first); empty when `problem` is set. */
  hits: MemoryHit[];
  /** Why the call gave no usable results: no end event, an error, unavailable, or not JSON. */
  problem?: string;
}

/** `memory/a.md`, `./memory/a.md` and `memory//a.md` compare equal. */
export const normaliseMemoryPath = normaliseCitationPath;

/** `path#L3` when the range is one line, else `path#L3-L5` (memory.md §7.1). */
export const formatCitation: (hit: Pick<MemoryHit, "path" | "startLine" | "endLine">) => string = formatMemoryCitation;

function readHit(value: unknown): MemoryHit | undefined {
  if (!isRecord(value)) return undefined;
  const { path, startLine, endLine, score } = value;
  if (typeof path !== "string" || typeof startLine !== "number" || typeof endLine !== "number") return undefined;
  return { path, startLine, endLine, score: typeof score === "number" ? score : Number.NaN };
}

function readOutput(call: ToolCallRecord): Omit<MemorySearch, "query"> {
  if (call.output === undefined) return { hits: [], problem: "the call has no result" };
  const text = call.output.content.map((block) => block.text).join("");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { hits: [], problem: `the result is not JSON: ${text.slice(0, 80)}` };
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.results)) {
    return { hits: [], problem: "the result has no results list" };
  }
  if (parsed.unavailable === true) {
    const reason = typeof parsed.error === "string" ? `: ${parsed.error}` : "";
    return { hits: [], problem: `memory search was unavailable${reason}` };
  }
  if (call.isError) return { hits: [], problem: "the call failed" };
  const hits = parsed.results.map(readHit).filter((hit): hit is MemoryHit => hit !== undefined);
  return { hits };
}

/**
 * The `memory_search` calls among `calls`, in call order, with their results parsed from the
 * tool's JSON text. Never throws: unreadable or unavailable results come back with `problem`.
 */
export function readMemorySearches(calls: readonly ToolCallRecord[]): MemorySearch[] {
  return calls
    .filter((call) => call.name === "memory_search")
    .map((call) => ({ query: typeof call.input.query === "string" ? call.input.query : "", ...readOutput(call) }));
}
