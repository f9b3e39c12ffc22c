import type { EventSink, HeartbeatWakeReason } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";
import { decideDelivery } from "./decide-delivery.js";
import { decideHeartbeatOutcome, type LastHeartbeatAlert } from "./decide-heartbeat-outcome.js";
import { deliverReply } from "./deliver-reply.js";
import type { HeartbeatDelivery } from "./read-heartbeat-delivery.js";
import { HEARTBEAT_TOKEN } from "./reply-tokens.js";
import type { AgentLoopOutcome } from "./run-agent-loop.js";

const HEARTBEAT_PREVIEW_CHARS = 200;

export interface SettleTurnDeliveryOptions {
  outcome: AgentLoopOutcome;
  heartbeat: boolean;
  maxAckChars: number;
  /** The session's last delivered heartbeat alert (duplicate suppression, spec/loop.md §5.5). */
  lastAlert: LastHeartbeatAlert | undefined;
  /** Heartbeat target and channel visibility; default target `last`, `showOk` false, `showAlerts` true. */
  heartbeatDelivery?: Pick<HeartbeatDelivery, "hasRecipient" | "visibility">;
  /** The heartbeat turn's wake reason, copied onto the `heartbeat` event when set. */
  wakeReason?: HeartbeatWakeReason;
  /** Milliseconds since the epoch. */
  now: number;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  /** `message_sending` / `message_sent` around what is actually sent (replies, alerts, acks). */
  hooks?: RunHooks;
  /** Where replies go (a group's address, see `replyAddressOf`); default the owner. */
  to?: string;
}

export interface SettledDelivery {
  /** The delivered text, or `null`. */
  delivered: string | null;
  /** False when the run leaves no trace in the transcript (heartbeat acks, silence, duplicates). */
  keepMessages: boolean;
  lastAlert: LastHeartbeatAlert | undefined;
}

/**
 * Applies the delivery rules to a finished run (spec/loop.md §4.2, §5.5) and emits `delivery`
 * (and, for heartbeats, `heartbeat`) events. An aborted run delivers nothing; a failed
 * heartbeat reports `failed` and keeps its transcript. A heartbeat alert with no recipient or
 * hidden by `showAlerts: false` is `skipped` (`no-target` / `alerts-disabled`) and keeps its
 * transcript; an ack under `showOk` with a recipient sends `HEARTBEAT_OK` (`delivered` is then
 * `HEARTBEAT_OK`) and still drops the run from the transcript. Everything sent goes through
 * {@link deliverReply} (hook `message_sending` may rewrite or cancel it); an alert a hook
 * cancels reports heartbeat `skipped` / `hook-cancel`, keeps its transcript and is not
 * remembered as the last alert.
 */
export async function settleTurnDelivery(options: SettleTurnDeliveryOptions): Promise<SettledDelivery> {
  const { outcome, emit, base, maxAckChars } = options;
  const send = (text: string) =>
    deliverReply({
      text,
      emit,
      base,
      ...(options.hooks ? { hooks: options.hooks } : {}),
      ...(options.to === undefined ? {} : { to: options.to }),
    });
  const unchanged = { delivered: null, keepMessages: true, lastAlert: options.lastAlert };
  if (outcome.stopReason === "aborted" && !options.heartbeat) return unchanged;
  if (!options.heartbeat) {
    const decision = decideDelivery(outcome.reply, { mode: "message", maxAckChars });
    if (decision.status === "sent") return { ...unchanged, delivered: await send(decision.text) };
    emit({ ...base, type: "delivery", status: "skipped", reason: decision.reason });
    return unchanged;
  }
  const wake = options.wakeReason === undefined ? {} : { wakeReason: options.wakeReason };
  if (outcome.stopReason === "aborted" || outcome.stopReason === "error") {
    const reason = outcome.error ?? outcome.stopReason;
    emit({ ...base, type: "heartbeat", status: "failed", reason, durationMs: outcome.latencyMs, ...wake });
    return unchanged;
  }
  const rules = options.heartbeatDelivery;
  const result = decideHeartbeatOutcome(outcome.reply, {
    maxAckChars,
    lastAlert: options.lastAlert,
    now: options.now,
    ...(rules === undefined
      ? {}
      : { hasRecipient: rules.hasRecipient, showOk: rules.visibility.showOk, showAlerts: rules.visibility.showAlerts }),
  });
  const ackWanted = result.status !== "sent" && result.status !== "skipped" && result.sendOk;
  let delivered: string | null = null;
  if (result.status === "sent") delivered = await send(result.text);
  else if (ackWanted) delivered = await send(HEARTBEAT_TOKEN);
  else {
    const reason = result.status === "skipped" ? result.reason : result.deliveryReason;
    emit({ ...base, type: "delivery", status: "skipped", reason });
  }
  const cancelled = result.status === "sent" && delivered === null;
  const preview = ("text" in result ? result.text : outcome.reply.trim()).slice(0, HEARTBEAT_PREVIEW_CHARS);
  emit({
    ...base,
    type: "heartbeat",
    status: cancelled ? "skipped" : result.status,
    ...(result.status === "skipped" ? { reason: result.reason } : cancelled ? { reason: "hook-cancel" } : {}),
    ...(preview === "" ? {} : { preview }),
    durationMs: outcome.latencyMs,
    ...wake,
  });
  if (cancelled) return unchanged;
  if (result.status === "skipped" && result.reason !== "duplicate") return unchanged;
  if (result.status !== "sent") return { delivered, keepMessages: false, lastAlert: options.lastAlert };
  return { delivered, keepMessages: true, lastAlert: { text: result.text, sentAt: options.now } };
}
