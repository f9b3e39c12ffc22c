import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatToolCalls, MAX_MESSAGE_VALUE_CHARS, stableJson, truncateText } from "./format-value.js";
import { matchToolCalls } from "./match-tool-calls.js";

export { isDeepSubset } from "./match-tool-calls.js";

function timesText(times: number): string {
  return times === 1 ? "1 time" : `${times} times`;
}

/**
 * At least one call named `name` (exact) whose input contains `input`; with `times`, exactly
 * that many such calls. A failure shows the calls that were made.
 */
export function checkToolCalled(
  expectation: ExpectationOf<"tool-called">,
  context: ExpectationContext,
): ExpectationResult {
  const { name, input, times } = expectation;
  const { named, matching } = matchToolCalls(context.toolCalls, { name, input });
  const pass = times === undefined ? matching.length > 0 : matching.length === times;
  const withInput = input === undefined ? "" : ` with ${truncateText(stableJson(input), MAX_MESSAGE_VALUE_CHARS)}`;
  const description = `${name}${withInput}${times === undefined ? "" : `, exactly ${timesText(times)}`}`;
  return {
    type: expectation.type,
    pass,
    message: pass ? `tool-called ${description}` : failureMessage({ name, withInput, times, named, matching }),
    expected: description,
    actual: formatToolCalls(context.toolCalls),
    location: expectation.location,
  };
}

function failureMessage(facts: {
  name: string;
  withInput: string;
  times: number | undefined;
  named: readonly unknown[];
  matching: readonly unknown[];
}): string {
  const { name, withInput, times, named, matching } = facts;
  if (named.length === 0) return `tool ${name} was not called`;
  if (times === undefined) return `tool ${name} was called ${timesText(named.length)} but never${withInput}`;
  return `tool ${name} was called${withInput} ${timesText(matching.length)}, expected exactly ${timesText(times)}`;
}
