import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/**
 * Passes when some call of `options.tool` in this turn (sub-agent calls included) returned
 * output containing `options.contains`; `options.isError` (optional) also pins that result's
 * error flag.
 */
export default function anyToolOutput(ctx) {
  const { tool, contains, isError } = ctx.options ?? {};
  if (typeof tool !== "string" || typeof contains !== "string") {
    return { pass: false, message: "options.tool and options.contains (strings) are required" };
  }
  const calls = callsOf(ctx, tool);
  const hit = calls.find(
    (call) => toolOutputText(call.output).includes(contains) && (isError === undefined || call.isError === isError),
  );
  if (hit) return { pass: true, message: `a ${tool} call returned ${JSON.stringify(contains)}` };
  const seen = calls.map((call) => JSON.stringify(toolOutputText(call.output).slice(0, 120))).join("; ");
  return {
    pass: false,
    message: `no ${tool} call returned ${JSON.stringify(contains)}${isError === undefined ? "" : ` with isError ${isError}`}`,
    actual: seen === "" ? `no ${tool} call` : seen,
  };
}
