import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/** Passes when the turn called `edit` and its last edit result is not an error. */
export default function editSucceeded(ctx) {
  const edits = callsOf(ctx, "edit");
  const last = edits.at(-1);
  if (!last) return { pass: false, message: "no edit call in this turn" };
  if (last.isError) {
    return { pass: false, message: `edit of ${last.input?.path} failed: ${toolOutputText(last.output)}` };
  }
  return { pass: true, message: `edit of ${last.input?.path} succeeded` };
}
