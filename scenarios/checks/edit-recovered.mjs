import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/** Passes when the first edit of the turn failed and the last one succeeded (the model recovered). */
export default function editRecovered(ctx) {
  const edits = callsOf(ctx, "edit");
  const first = edits[0];
  const last = edits.at(-1);
  if (!first || edits.length < 2) {
    return { pass: false, message: `expected at least 2 edit calls, found ${edits.length}` };
  }
  if (!first.isError) return { pass: false, message: "the first edit was expected to fail (oldText not in the file)" };
  if (last.isError) return { pass: false, message: `the retried edit failed too: ${toolOutputText(last.output)}` };
  return { pass: true, message: `first edit failed (${toolOutputText(first.output)}), retry succeeded` };
}
