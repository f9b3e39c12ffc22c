import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, formatValues, MAX_VALUE_CHARS } from "./format-value.js";

/** Every value is a substring of the reply; a failure lists the missing ones. */
export function checkReplyContains(
  expectation: ExpectationOf<"reply-contains">,
  context: ExpectationContext,
): ExpectationResult {
  const reply = context.result.reply;
  const missing = expectation.values.filter((value) => !reply.includes(value));
  return {
    type: expectation.type,
    pass: missing.length === 0,
    message:
      missing.length === 0
        ? `reply-contains ${formatValues(expectation.values)}`
        : `reply does not contain ${formatValues(missing)}`,
    expected: formatValues(expectation.values),
    actual: formatString(reply, MAX_VALUE_CHARS),
    location: expectation.location,
  };
}
