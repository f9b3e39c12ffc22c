import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/**
 * Passes when the turn called `exec` and every call came back as an error result whose text
 * contains each string of `options.contains` (e.g. the denial reason).
 */
export default function execRefused(ctx) {
  const { contains = [] } = ctx.options ?? {};
  const calls = callsOf(ctx, "exec");
  if (calls.length === 0) return { pass: false, message: "no exec call in this turn" };
  for (const call of calls) {
    const text = toolOutputText(call.output);
    if (!call.isError) return { pass: false, message: `exec ${call.input?.command} ran: ${text.slice(0, 200)}` };
    const missing = contains.filter((needle) => !text.includes(needle));
    if (missing.length > 0) {
      return {
        pass: false,
        message: `exec refusal lacks ${missing.map((n) => JSON.stringify(n)).join(", ")}`,
        actual: text,
      };
    }
  }
  return { pass: true, message: `refused: ${calls.map((call) => toolOutputText(call.output)).join("; ")}` };
}
