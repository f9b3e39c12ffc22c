import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatToolCalls, MAX_MESSAGE_VALUE_CHARS, stableJson, truncateText } from "./format-value.js";
import { matchToolCalls } from "./match-tool-calls.js";

/**
 * No call named `name` (exact) was made, or, with `input`, none whose input contains it (the
 * matcher of `tool-called`). A failure shows the offending calls.
 */
export function checkToolNotCalled(
  expectation: ExpectationOf<"tool-not-called">,
  context: ExpectationContext,
): ExpectationResult {
  const { name, input } = expectation;
  const { matching } = matchToolCalls(context.toolCalls, { name, input });
  const withInput = input === undefined ? "" : ` with ${truncateText(stableJson(input), MAX_MESSAGE_VALUE_CHARS)}`;
  const count = matching.length === 1 ? "1 time" : `${matching.length} times`;
  return {
    type: expectation.type,
    pass: matching.length === 0,
    message:
      matching.length === 0 ? `tool-not-called ${name}${withInput}` : `tool ${name} was called${withInput} ${count}`,
    expected: `no call to ${name}${withInput}`,
    actual: formatToolCalls(matching),
    location: expectation.location,
  };
}
