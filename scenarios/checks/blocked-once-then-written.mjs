import { toolOutputText } from "./tool-output-text.mjs";

/**
 * Passes when the turn's first tool call was blocked by a hook (one error result with the block
 * reason, nothing written) and a later call succeeded.
 */
export default function blockedOnceThenWritten(ctx) {
  const blocks = ctx.events.filter((event) => event.type === "tool_blocked");
  if (blocks.length !== 1) return { pass: false, message: `expected 1 blocked call, found ${blocks.length}` };
  const [first, ...rest] = ctx.toolCalls;
  if (first === undefined || first.id !== blocks[0].toolCallId) {
    return { pass: false, message: "the blocked call is not the turn's first tool call" };
  }
  if (!first.isError || toolOutputText(first.output) !== blocks[0].reason) {
    return { pass: false, message: `the blocked call's result is ${JSON.stringify(toolOutputText(first.output))}` };
  }
  if (!rest.some((call) => !call.isError)) return { pass: false, message: "no later call succeeded" };
  return { pass: true, message: `blocked once (${blocks[0].reason}), then a call succeeded` };
}
