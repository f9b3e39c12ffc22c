import { isRecord } from "../domain/index.js";
import type { ToolCallRecord } from "./expectation-context.js";

/**
 * Whether `actual` contains `expected`: objects by keys recursively (extra keys allowed),
 * arrays of equal length element by element, everything else by `===`.
 */
export function isDeepSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => isDeepSubset(item, actual[index]))
    );
  }
  if (isRecord(expected)) {
    return (
      isRecord(actual) &&
      Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && isDeepSubset(value, actual[key]))
    );
  }
  return expected === actual;
}

/** The calls `tool-called` and `tool-not-called` look at. */
export interface MatchedToolCalls {
  /** Calls named `name` (exact, case-sensitive), in call order. */
  named: ToolCallRecord[];
  /** Those of `named` whose input contains `input` ({@link isDeepSubset}); all of them without `input`. */
  matching: ToolCallRecord[];
}

/** The one matcher of tool calls by name and input subset, shared by `tool-called` and `tool-not-called`. Pure. */
export function matchToolCalls(
  calls: readonly ToolCallRecord[],
  query: { name: string; input?: Record<string, unknown> | undefined },
): MatchedToolCalls {
  const named = calls.filter((call) => call.name === query.name);
  const { input } = query;
  return { named, matching: input === undefined ? named : named.filter((call) => isDeepSubset(input, call.input)) };
}
