import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatToolCalls } from "./format-value.js";

/** No call named `name` (exact) was made; a failure shows those calls. */
export function checkToolNotCalled(
  expectation: ExpectationOf<"tool-not-called">,
  context: ExpectationContext,
): ExpectationResult {
  const { name } = expectation;
  const named = context.toolCalls.filter((call) => call.name === name);
  return {
    type: expectation.type,
    pass: named.length === 0,
    message:
      named.length === 0
        ? `tool-not-called ${name}`
        : `tool ${name} was called ${named.length === 1 ? "1 time" : `${named.length} times`}`,
    expected: `no call to ${name}`,
    actual: formatToolCalls(named),
    location: expectation.location,
  };
}
