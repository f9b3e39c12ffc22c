import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, MAX_VALUE_CHARS } from "./format-value.js";

/** `new RegExp(pattern, flags)` tests the reply; an invalid pattern is a failed expectation. */
export function checkReplyMatches(
  expectation: ExpectationOf<"reply-matches">,
  context: ExpectationContext,
): ExpectationResult {
  const shown = `/${expectation.pattern}/${expectation.flags}`;
  const base = {
    type: expectation.type,
    expected: `match ${shown}`,
    actual: formatString(context.result.reply, MAX_VALUE_CHARS),
    location: expectation.location,
  };
  let regex: RegExp;
  try {
    regex = new RegExp(expectation.pattern, expectation.flags);
  } catch (error) {
    // V8 repeats the pattern in its message; keep only the reason after it.
    const reason = errorMessage(error).replace(`Invalid regular expression: ${shown}: `, "");
    return { ...base, pass: false, message: `invalid regular expression ${shown}: ${reason}` };
  }
  const pass = regex.test(context.result.reply);
  return { ...base, pass, message: pass ? `reply-matches ${shown}` : `reply does not match ${shown}` };
}
