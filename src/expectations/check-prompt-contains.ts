import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatValues, truncateText } from "./format-value.js";

const MAX_HEADINGS = 40;
const MAX_HEADING_CHARS = 100;

/** A short stand-in for a long prompt: its length and its `#` heading lines, one per line. */
export function describePrompt(prompt: string): string {
  const headings = prompt.split(/\r?\n/).filter((line) => line.startsWith("#"));
  const size = `system prompt of ${prompt.length} chars`;
  if (headings.length === 0) return `${size}, no heading lines`;
  const shown = headings.slice(0, MAX_HEADINGS).map((line) => truncateText(line, MAX_HEADING_CHARS));
  if (headings.length > MAX_HEADINGS) shown.push(`… (${headings.length - MAX_HEADINGS} more headings)`);
  return [`${size}, headings:`, ...shown].join("\n");
}

/** Every value is a substring of the turn's system prompt; a failure lists the missing ones. */
export function checkPromptContains(
  expectation: ExpectationOf<"prompt-contains">,
  context: ExpectationContext,
): ExpectationResult {
  const prompt = context.result.systemPrompt;
  const missing = expectation.values.filter((value) => !prompt.includes(value));
  return {
    type: expectation.type,
    pass: missing.length === 0,
    message:
      missing.length === 0
        ? `prompt-contains ${formatValues(expectation.values)}`
        : `system prompt does not contain ${formatValues(missing)}`,
    expected: formatValues(expectation.values),
    actual: describePrompt(prompt),
    location: expectation.location,
  };
}
