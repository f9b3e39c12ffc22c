import {
  collectStreamedReplies,
  findStreamedTokenLeak,
  type StreamedReply,
  type StreamedTokenLeak,
} from "../agent/collect-streamed-replies.js";
import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, MAX_MESSAGE_VALUE_CHARS } from "./format-value.js";

/** Characters of streamed text shown before a leaked token. */
const LEAD_CHARS = 40;

interface Leak extends StreamedTokenLeak {
  reply: StreamedReply;
  /** 1-based position of the reply among the turn's streamed replies. */
  position: number;
}

function streamedReplies(count: number): string {
  if (count === 0) return "nothing was streamed";
  return `${count} streamed ${count === 1 ? "reply" : "replies"}`;
}

/** The streamed text from a little before the token to its end: `…all done.\n\nNO_REPLY`. */
function excerpt(leak: Leak): string {
  const start = Math.max(0, leak.index - LEAD_CHARS);
  const shown = leak.reply.text.slice(start, leak.index + leak.token.length);
  return formatString(`${start > 0 ? "…" : ""}${shown}`, MAX_MESSAGE_VALUE_CHARS);
}

function describeLeak(leak: Leak, total: number): string {
  return `${leak.token} in streamed reply ${leak.position} of ${total} (run ${leak.reply.runId}): ${excerpt(leak)}`;
}

/**
 * `stream-clean`: `true` passes when no streamed reply of the turn (the `message_update`
 * deltas of one model call, concatenated) contains `NO_REPLY` or `HEARTBEAT_OK`; `false` passes
 * when one does (a scenario that shows a leak). A scenario that does not stream (neither its
 * `stream: true` nor `--stream`) fails either way, since there is nothing to judge.
 */
export function checkStreamClean(
  expectation: ExpectationOf<"stream-clean">,
  context: ExpectationContext,
): ExpectationResult {
  const expected = expectation.value
    ? "no NO_REPLY or HEARTBEAT_OK in any streamed reply"
    : "NO_REPLY or HEARTBEAT_OK in a streamed reply";
  if (!context.scenario.stream) {
    return buildExpectationResult(expectation, {
      pass: false,
      message: "stream-clean needs a streamed turn: set `stream: true` on the scenario or run with --stream",
      expected,
      actual: "the scenario does not stream",
    });
  }
  const replies = collectStreamedReplies(context.result.events);
  const leaks: Leak[] = replies.flatMap((reply, index) => {
    const leak = findStreamedTokenLeak(reply.text);
    return leak === undefined ? [] : [{ ...leak, reply, position: index + 1 }];
  });
  const streamed = streamedReplies(replies.length);
  const first = leaks[0];
  const actual =
    first === undefined
      ? `no silent token (${streamed})`
      : leaks.map((leak) => describeLeak(leak, replies.length)).join("; ");
  const pass = (first === undefined) === expectation.value;
  let message: string;
  if (pass) message = `stream-clean ${expectation.value}`;
  else if (first !== undefined)
    message = `a silent token leaked while streaming: ${describeLeak(first, replies.length)}`;
  else message = `expected a silent token in the streamed text, but none leaked (${streamed})`;
  return buildExpectationResult(expectation, { pass, message, expected, actual });
}
