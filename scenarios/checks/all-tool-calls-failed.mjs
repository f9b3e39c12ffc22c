import { toolOutputText } from "./tool-output-text.mjs";

/** Passes when the turn made at least one tool call and every one of them returned an error result. */
export default function allToolCallsFailed(ctx) {
  if (ctx.toolCalls.length === 0) return { pass: false, message: "no tool calls in this turn" };
  const succeeded = ctx.toolCalls.find((call) => !call.isError);
  if (succeeded) {
    return {
      pass: false,
      message: `${succeeded.name} ${JSON.stringify(succeeded.input)} was expected to fail but succeeded`,
    };
  }
  return {
    pass: true,
    message: ctx.toolCalls.map((call) => `${call.name}: ${toolOutputText(call.output)}`).join("; "),
  };
}
