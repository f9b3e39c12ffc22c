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
 * `duplicate` truncate the transcript; `ok-*` with `sendOk` also send `HEARTBEAT_OK` (showOk and a
 * recipient); `no-target` and `alerts-disabled` deliver nothing but keep the transcript; `sent`
 * delivers `text`. `deliveryReason`: why {@link decideDelivery} skipped the reply (`heartbeat` ⇒
 * `ok-token`, `empty`/`silent` ⇒ `ok-empty`).
 */
export type HeartbeatOutcome =
  | { status: "ok-empty" | "ok-token"; deliveryReason: DeliverySkipReason; sendOk: boolean }
  | { status: "skipped"; reason: "duplicate" | "no-target" | "alerts-disabled"; text: string }
  | { status: "sent"; text: string };

export interface DecideHeartbeatOutcomeOptions {
  /** Ack limit in chars (`heartbeat.ackMaxChars`); default 300. */
  maxAckChars?: number;
  lastAlert?: LastHeartbeatAlert | undefined;
  /** ms since the epoch (from `runtime.now()`). */
  now: number;
  /** An alert or ack has a recipient (target `last` or the scenario channel); default true. */
  hasRecipient?: boolean;
  /** Channel `showOk`; default false. */
  showOk?: boolean;
  /** Channel `showAlerts`; default true. */
  showAlerts?: boolean;
}

/**
 * Maps a heartbeat reply to its outcome, in the order of spec/loop.md §5.5: silent/empty, ack,
 * duplicate alert (< 24 h), alert without a recipient, alert hidden by `showAlerts: false`, alert.
 */
export function decideHeartbeatOutcome(reply: string, options: DecideHeartbeatOutcomeOptions): HeartbeatOutcome {
  const hasRecipient = options.hasRecipient ?? true;
  const decision = decideDelivery(reply, {
    mode: "heartbeat",
    ...(options.maxAckChars === undefined ? {} : { maxAckChars: options.maxAckChars }),
  });
  if (decision.status === "skipped") {
    return {
      status: decision.reason === "heartbeat" ? "ok-token" : "ok-empty",
      deliveryReason: decision.reason,
      sendOk: (options.showOk ?? false) && hasRecipient,
    };
  }
  const last = options.lastAlert;
  if (last !== undefined && last.text === decision.text && options.now - last.sentAt < HEARTBEAT_DUPLICATE_WINDOW_MS) {
    return { status: "skipped", reason: "duplicate", text: decision.text };
  }
  if (!hasRecipient) return { status: "skipped", reason: "no-target", text: decision.text };
  if (options.showAlerts === false) return { status: "skipped", reason: "alerts-disabled", text: decision.text };
  return { status: "sent", text: decision.text };
}
