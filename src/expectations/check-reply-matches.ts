import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import { compileSafeRegex } from "../platform/compile-safe-regex.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, MAX_VALUE_CHARS } from "./format-value.js";

/**
 * The pattern, on the linear-time engine (`compileSafeRegex`), tests the reply. A pattern the
 * engine refuses, or a reply longer than the pattern may search, is a failed expectation that
 * says why. Pure; never throws.
 */
export function checkReplyMatches(
  expectation: ExpectationOf<"reply-matches">,
  context: ExpectationContext,
): ExpectationResult {
  const shown = `/${expectation.pattern}/${expectation.flags}`;
  const { reply } = context.result;
  const base = {
    type: expectation.type,
    expected: `match ${shown}`,
    actual: formatString(reply, MAX_VALUE_CHARS),
    location: expectation.location,
  };
  const compiled = compileSafeRegex({ pattern: expectation.pattern, flags: expectation.flags });
  if (!compiled.ok)
    return { ...base, pass: false, message: `invalid regular expression ${shown}: ${compiled.problem}` };
  const { regex } = compiled;
  if (reply.length > regex.searchBudgetChars) {
    const message =
      `the reply is ${reply.length} characters long, more than the ${regex.searchBudgetChars} ${shown} may ` +
      "search (a smaller pattern may search more)";
    return { ...base, pass: false, message };
  }
  const pass = regex.test(reply);
  return { ...base, pass, message: pass ? `reply-matches ${shown}` : `reply does not match ${shown}` };
}
