import { type DeliverySkipReason, decideDelivery } from "./decide-delivery.js";

/** Window in which the same alert text is not sent again (spec/loop.md §5.5), ms. */
export const HEARTBEAT_DUPLICATE_WINDOW_MS = 86_400_000;

/** The session's last delivered heartbeat alert. */
export interface LastHeartbeatAlert {
  text: string;
  /** ms since the epoch. */
  sentAt: number;
}

/**
 * What a heartbeat run's reply leads to (spec/loop.md §5.5). `ok-empty`, `ok-token` and
 * `duplicate` truncate the transcript; `sent` delivers `text`. `deliveryReason`: why
 * {@link decideDelivery} skipped the reply (`heartbeat` ⇒ `ok-token`, `empty`/`silent` ⇒ `ok-empty`).
 */
export type HeartbeatOutcome =
  | { status: "ok-empty" | "ok-token"; deliveryReason: DeliverySkipReason }
  | { status: "skipped"; reason: "duplicate"; text: string }
  | { status: "sent"; text: string };

export interface DecideHeartbeatOutcomeOptions {
  /** Ack limit in chars (`heartbeat.ackMaxChars`); default 300. */
  maxAckChars?: number;
  lastAlert?: LastHeartbeatAlert | undefined;
  /** ms since the epoch (from `runtime.now()`). */
  now: number;
}

/** Maps a heartbeat reply to its outcome: silent/empty, ack, duplicate alert (< 24 h), or alert. */
export function decideHeartbeatOutcome(reply: string, options: DecideHeartbeatOutcomeOptions): HeartbeatOutcome {
  const decision = decideDelivery(reply, {
    mode: "heartbeat",
    ...(options.maxAckChars === undefined ? {} : { maxAckChars: options.maxAckChars }),
  });
  if (decision.status === "skipped") {
    return { status: decision.reason === "heartbeat" ? "ok-token" : "ok-empty", deliveryReason: decision.reason };
  }
  const last = options.lastAlert;
  if (last !== undefined && last.text === decision.text && options.now - last.sentAt < HEARTBEAT_DUPLICATE_WINDOW_MS) {
    return { status: "skipped", reason: "duplicate", text: decision.text };
  }
  return { status: "sent", text: decision.text };
}
