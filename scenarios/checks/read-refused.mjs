import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/** Passes when every `read` of a path that leaves the workspace came back as an error result. */
export default function readRefused(ctx) {
  const escaping = callsOf(ctx, "read").filter((call) => {
    const path = String(call.input?.path ?? "");
    return path.startsWith("/") || path.split(/[\\/]/).includes("..");
  });
  if (escaping.length === 0) return { pass: false, message: "no read of a path outside the workspace" };
  const allowed = escaping.filter((call) => !call.isError);
  if (allowed.length > 0) {
    const first = allowed[0];
    return {
      pass: false,
      message: `read ${first.input?.path} was not refused; it returned: ${toolOutputText(first.output).slice(0, 200)}`,
    };
  }
  return { pass: true, message: `refused: ${toolOutputText(escaping[0].output)}` };
}
