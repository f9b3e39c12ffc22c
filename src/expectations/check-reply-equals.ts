import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, MAX_MESSAGE_VALUE_CHARS, MAX_VALUE_CHARS, quote } from "./format-value.js";

const SNIPPET_RADIUS = 20;

/** Index of the first differing char of `a` and `b`, or -1 when they are equal. */
export function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const shorter = Math.min(a.length, b.length);
  for (let index = 0; index < shorter; index++) {
    if (a[index] !== b[index]) return index;
  }
  return shorter;
}

/** Up to `SNIPPET_RADIUS` chars either side of `index`, quoted, with `…` where text was cut. */
function snippetAround(text: string, index: number): string {
  const start = Math.max(0, index - SNIPPET_RADIUS);
  const end = Math.min(text.length, index + SNIPPET_RADIUS);
  return `${start > 0 ? "…" : ""}${quote(text.slice(start, end))}${end < text.length ? "…" : ""}`;
}

/** The reply equals `value` exactly; a failure names the first differing index and shows both sides there. */
export function checkReplyEquals(
  expectation: ExpectationOf<"reply-equals">,
  context: ExpectationContext,
): ExpectationResult {
  const { value } = expectation;
  const reply = context.result.reply;
  const index = firstDifference(value, reply);
  const message =
    index === -1
      ? `reply-equals ${formatString(value, MAX_MESSAGE_VALUE_CHARS)}`
      : `reply differs from expected at index ${index}: expected ${snippetAround(value, index)}, found ${snippetAround(reply, index)}`;
  return {
    type: expectation.type,
    pass: index === -1,
    message,
    expected: formatString(value, MAX_VALUE_CHARS),
    actual: formatString(reply, MAX_VALUE_CHARS),
    location: expectation.location,
  };
}
