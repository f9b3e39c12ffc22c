/**
 * Text of a tool result as custom checks see it: a string, a list of content blocks, or an
 * object with `content`. Shared by the checks in this folder.
 */
export function toolOutputText(output) {
  if (typeof output === "string") return output;
  if (Array.isArray(output)) return output.map((block) => toolOutputText(block)).join("");
  if (output && typeof output === "object") {
    if (typeof output.text === "string") return output.text;
    if ("content" in output) return toolOutputText(output.content);
  }
  return output === undefined || output === null ? "" : JSON.stringify(output);
}

/** The calls of one tool, in call order. */
export function callsOf(ctx, name) {
  return ctx.toolCalls.filter((call) => call.name === name);
}
