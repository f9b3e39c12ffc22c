import { isSilentReply } from "./is-silent-reply.js";
import { HEARTBEAT_TOKEN, SILENT_REPLY_TOKEN } from "./reply-tokens.js";
import { type ReplyMode, stripHeartbeatToken } from "./strip-heartbeat-token.js";
import { stripTrailingSilentToken } from "./strip-trailing-silent-token.js";

/** Why nothing was delivered. A heartbeat run maps `heartbeat` to `ok-token`, `empty`/`silent` to `ok-empty`. */
export type DeliverySkipReason = "empty" | "silent" | "heartbeat";

/** What the delivery rules decided for a run's final reply. */
export type DeliveryDecision = { status: "sent"; text: string } | { status: "skipped"; reason: DeliverySkipReason };

export interface DecideDeliveryOptions {
  /** `heartbeat` swallows acks (remainder ≤ `maxAckChars`); default `message`. */
  mode?: ReplyMode;
  /** Heartbeat ack limit in chars; default 300 (spec/loop.md §5.4). */
  maxAckChars?: number;
}

/**
 * Outbound normalisation of a text-only reply (spec/loop.md §4.2 steps 1–5, no media and
 * no response prefix). Token placements the rules do not strip are delivered as written.
 */
export function decideDelivery(reply: string, options: DecideDeliveryOptions = {}): DeliveryDecision {
  if (reply.trim() === "") return { status: "skipped", reason: "empty" };
  if (isSilentReply(reply)) return { status: "skipped", reason: "silent" };
  let text = reply;
  if (text.includes(SILENT_REPLY_TOKEN)) {
    text = stripTrailingSilentToken(text);
    if (text === "") return { status: "skipped", reason: "silent" };
  }
  if (text.includes(HEARTBEAT_TOKEN)) {
    const stripped = stripHeartbeatToken(text, { mode: options.mode ?? "message", maxAckChars: options.maxAckChars });
    if (stripped.skip) return { status: "skipped", reason: "heartbeat" };
    text = stripped.text;
  }
  text = text.trim();
  if (text === "") return { status: "skipped", reason: "empty" };
  return { status: "sent", text };
}
