import type { AgentEvent } from "../domain/index.js";
import { HEARTBEAT_TOKEN, SILENT_REPLY_TOKEN } from "./reply-tokens.js";

/** The text one model call streamed to the user: its `message_update` deltas, concatenated. */
export interface StreamedReply {
  runId: string;
  sessionKey: string;
  text: string;
}

/** A silent token found in streamed text, with the 0-based position where it starts. */
export interface StreamedTokenLeak {
  token: typeof SILENT_REPLY_TOKEN | typeof HEARTBEAT_TOKEN;
  index: number;
}

/**
 * The streamed replies of an event list, in the order their first delta appears: a run's
 * `message_update` deltas belong to the reply its latest `message_start` opened (so two model
 * calls of one run are two replies, and runs that overlap are kept apart). A model call that
 * released nothing has no reply. Pure.
 */
export function collectStreamedReplies(events: readonly AgentEvent[]): StreamedReply[] {
  const replies: StreamedReply[] = [];
  const open = new Map<string, StreamedReply | undefined>();
  for (const event of events) {
    if (event.type === "message_start") open.set(event.runId, undefined);
    if (event.type !== "message_update") continue;
    let reply = open.get(event.runId);
    if (reply === undefined) {
      reply = { runId: event.runId, sessionKey: event.sessionKey, text: "" };
      replies.push(reply);
      open.set(event.runId, reply);
    }
    reply.text += event.delta;
  }
  return replies;
}

/**
 * The first `NO_REPLY` or `HEARTBEAT_OK` (case-sensitive, anywhere) in streamed text, the
 * earlier one when both occur; `undefined` when the text shows neither. Pure.
 */
export function findStreamedTokenLeak(text: string): StreamedTokenLeak | undefined {
  const tokens: StreamedTokenLeak["token"][] = [SILENT_REPLY_TOKEN, HEARTBEAT_TOKEN];
  const found = tokens
    .map((token) => ({ token, index: text.indexOf(token) }))
    .filter((leak) => leak.index >= 0)
    .sort((a, b) => a.index - b.index);
  return found[0];
}
