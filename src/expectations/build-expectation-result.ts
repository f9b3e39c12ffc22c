import type { Expectation, ExpectationResult } from "../domain/index.js";
import { formatLine, MAX_MESSAGE_CHARS, MAX_VALUE_CHARS, truncateText } from "./format-value.js";

/**
 * An expectation's result with the usual caps: the message folded to one line of at most
 * 300 chars, `actual` cut to 500, the expectation's type and source location attached.
 */
export function buildExpectationResult(
  expectation: Expectation,
  outcome: { pass: boolean; message: string; expected: string; actual: string },
): ExpectationResult {
  return {
    type: expectation.type,
    pass: outcome.pass,
    message: formatLine(outcome.message, MAX_MESSAGE_CHARS),
    expected: outcome.expected,
    actual: truncateText(outcome.actual, MAX_VALUE_CHARS),
    location: expectation.location,
  };
}
