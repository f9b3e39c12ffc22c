import { callsOf, toolOutputText } from "./tool-output-text.mjs";

/** Passes when the last `read` of the turn returned the content that the last `write` to the same path wrote. */
export default function readbackMatchesWrite(ctx) {
  const write = callsOf(ctx, "write").at(-1);
  if (!write) return { pass: false, message: "no write call in this turn" };
  const read = callsOf(ctx, "read").findLast((call) => call.input?.path === write.input?.path);
  if (!read) return { pass: false, message: `no read of ${write.input?.path} after the write` };
  if (write.isError || read.isError) {
    return {
      pass: false,
      message: `write or read failed: ${toolOutputText(write.output)} / ${toolOutputText(read.output)}`,
    };
  }
  const expected = String(write.input?.content ?? "").trim();
  const actual = toolOutputText(read.output);
  if (!actual.includes(expected)) {
    return {
      pass: false,
      message: `read returned ${JSON.stringify(actual.slice(0, 200))}, expected it to contain ${JSON.stringify(expected)}`,
    };
  }
  return { pass: true, message: `read back ${expected.length} chars written to ${write.input?.path}` };
}
