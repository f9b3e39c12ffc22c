import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { MAX_VALUE_CHARS, quote, truncateText } from "./format-value.js";

/**
 * A call to tool `name` (exact) was blocked by a `before_tool_call` hook in the turn
 * (`tool_blocked` events); with `reason`, one block reason contains it. A failure lists the
 * blocks that happened.
 */
export function checkToolBlocked(
  expectation: ExpectationOf<"tool-blocked">,
  context: ExpectationContext,
): ExpectationResult {
  const { name, reason } = expectation;
  const blocks = context.result.events.flatMap((event) => (event.type === "tool_blocked" ? [event] : []));
  const named = blocks.filter((block) => block.toolName === name);
  const matching = reason === undefined ? named : named.filter((block) => block.reason.includes(reason));
  const description = `${name} blocked${reason === undefined ? "" : ` with a reason containing ${quote(reason)}`}`;
  const failure =
    named.length === 0
      ? `no call to ${name} was blocked`
      : `${name} was blocked ${named.length === 1 ? "once" : `${named.length} times`}, never with a reason containing ${quote(reason ?? "")}`;
  const actual =
    blocks.length === 0
      ? "no blocked tool calls"
      : blocks.map((block) => `${block.toolName} by ${block.pluginId}: ${quote(block.reason)}`).join("\n");
  return {
    type: expectation.type,
    pass: matching.length > 0,
    message: matching.length > 0 ? `tool-blocked ${description}` : failure,
    expected: description,
    actual: truncateText(actual, MAX_VALUE_CHARS),
    location: expectation.location,
  };
}
