import { toolOutputText } from "./tool-output-text.mjs";

/** Passes when the turn made at least one tool call and none of them returned an error result. */
export default function noToolErrors(ctx) {
  if (ctx.toolCalls.length === 0) return { pass: false, message: "no tool calls in this turn" };
  const failed = ctx.toolCalls.find((call) => call.isError);
  if (failed) {
    return {
      pass: false,
      message: `${failed.name} ${JSON.stringify(failed.input)} failed: ${toolOutputText(failed.output)}`,
    };
  }
  return { pass: true, message: `${ctx.toolCalls.length} tool call(s), no errors` };
}
