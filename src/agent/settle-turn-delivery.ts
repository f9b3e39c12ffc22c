import type { EventSink } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";
import { decideDelivery } from "./decide-delivery.js";
import { decideHeartbeatOutcome, type LastHeartbeatAlert } from "./decide-heartbeat-outcome.js";
import { deliverReply } from "./deliver-reply.js";
import type { AgentLoopOutcome } from "./run-agent-loop.js";

const HEARTBEAT_PREVIEW_CHARS = 200;

export interface SettleTurnDeliveryOptions {
  outcome: AgentLoopOutcome;
  heartbeat: boolean;
  maxAckChars: number;
  /** The session's last delivered heartbeat alert (duplicate suppression, spec/loop.md §5.5). */
  lastAlert: LastHeartbeatAlert | undefined;
  /** Milliseconds since the epoch. */
  now: number;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  /** `message_sending` / `message_sent` around what is actually sent (replies and alerts). */
  hooks?: RunHooks;
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
 * heartbeat reports `failed` and keeps its transcript. A payload the rules send goes through
 * {@link deliverReply}; an alert a `message_sending` hook cancels reports heartbeat
 * `skipped` / `hook-cancel`, keeps its transcript and is not remembered as the last alert.
 */
export async function settleTurnDelivery(options: SettleTurnDeliveryOptions): Promise<SettledDelivery> {
  const { outcome, emit, base, maxAckChars } = options;
  const send = (text: string) => deliverReply({ text, emit, base, ...(options.hooks ? { hooks: options.hooks } : {}) });
  const unchanged = { delivered: null, keepMessages: true, lastAlert: options.lastAlert };
  if (outcome.stopReason === "aborted" && !options.heartbeat) return unchanged;
  if (!options.heartbeat) {
    const decision = decideDelivery(outcome.reply, { mode: "message", maxAckChars });
    if (decision.status === "sent") return { ...unchanged, delivered: await send(decision.text) };
    emit({ ...base, type: "delivery", status: "skipped", reason: decision.reason });
    return unchanged;
  }
  if (outcome.stopReason === "aborted" || outcome.stopReason === "error") {
    const reason = outcome.error ?? outcome.stopReason;
    emit({ ...base, type: "heartbeat", status: "failed", reason, durationMs: outcome.latencyMs });
    return unchanged;
  }
  const result = decideHeartbeatOutcome(outcome.reply, { maxAckChars, lastAlert: options.lastAlert, now: options.now });
  let delivered: string | null = null;
  if (result.status === "sent") delivered = await send(result.text);
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
  });
  if (cancelled) return unchanged;
  if (result.status !== "sent") return { delivered: null, keepMessages: false, lastAlert: options.lastAlert };
  return { delivered, keepMessages: true, lastAlert: { text: result.text, sentAt: options.now } };
}
