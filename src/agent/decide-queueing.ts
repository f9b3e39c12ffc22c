import type { QueueMode } from "../domain/index.js";

/**
 * What happens to a message that reaches a session (spec/loop.md §1): `run` (the session is
 * idle), `queue` (a follow-up run of its own), `collect` (gathered into the waiting batch),
 * `steer` (into the running loop), `steer-and-queue` (`steer-backlog`), `interrupt` (abort the
 * running run, then run this message first).
 */
export type QueueDecision = "run" | "queue" | "collect" | "steer" | "steer-and-queue" | "interrupt";

export interface QueueState {
  /** A run is in flight or work is queued. */
  busy: boolean;
  /** A run is in flight whose loop still takes steering messages. */
  steerable: boolean;
  /** A run is in flight (steerable or not). */
  running: boolean;
}

/**
 * The queue decision for a user message under `mode`; system events and session commands are
 * never steered, collected or allowed to interrupt: they wait for their own run. Pure.
 */
export function decideQueueing(
  mode: QueueMode,
  state: QueueState,
  message: "user" | "system" | "command",
): QueueDecision {
  if (!state.busy) return "run";
  if (message !== "user") return "queue";
  const byMode: Record<QueueMode, () => QueueDecision> = {
    collect: () => "collect",
    followup: () => "queue",
    steer: () => (state.steerable ? "steer" : "queue"),
    "steer-backlog": () => (state.steerable ? "steer-and-queue" : "queue"),
    interrupt: () => (state.running ? "interrupt" : "queue"),
  };
  return byMode[mode]();
}
