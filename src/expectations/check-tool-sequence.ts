import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatList } from "./format-value.js";

/** The names of the calls made, in order, equal `names` exactly. */
export function checkToolSequence(
  expectation: ExpectationOf<"tool-sequence">,
  context: ExpectationContext,
): ExpectationResult {
  const expected = expectation.names;
  const actual = context.toolCalls.map((call) => call.name);
  const length = Math.max(expected.length, actual.length);
  let index = 0;
  while (index < length && expected[index] === actual[index]) index++;
  const pass = index === length;
  return {
    type: expectation.type,
    pass,
    message: pass
      ? `tool-sequence ${formatList(expected)}`
      : `tool sequence differs at call ${index + 1}: expected ${expected[index] ?? "no more calls"}, found ${actual[index] ?? "no more calls"}`,
    expected: formatList(expected),
    actual: formatList(actual),
    location: expectation.location,
  };
}
