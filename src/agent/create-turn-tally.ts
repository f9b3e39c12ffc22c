import type { Usage } from "../domain/index.js";
import { addUsage, ZERO_USAGE } from "../domain/index.js";
import type { LoopStopReason } from "./run-agent-loop.js";
import type { SessionRunResult } from "./session-run-types.js";

/** A turn's outcome apart from its input and system prompt. */
export interface TurnTotals {
  reply: string;
  /** The delivered texts joined with a blank line, or `null` when nothing was delivered. */
  delivered: string | null;
  stopReason: LoopStopReason;
  error?: string;
  usage: Usage;
  costUsd: number | null;
  latencyMs: number;
}

/**
 * Sums a turn's runs: the main session's runs (the turn's own and announce runs) make the
 * reply, delivery, stop reason and error; child runs add only usage, cost and latency.
 */
export function createTurnTally() {
  const replies: string[] = [];
  const delivered: string[] = [];
  let first: SessionRunResult | undefined;
  let error: string | undefined;
  let usage: Usage = ZERO_USAGE;
  let costUsd: number | null = 0;
  let latencyMs = 0;
  const addCall = (callUsage: Usage, callCost: number | null, callLatencyMs: number) => {
    usage = addUsage(usage, callUsage);
    costUsd = costUsd === null || callCost === null ? null : costUsd + callCost;
    latencyMs += callLatencyMs;
  };
  const join = (result: SessionRunResult, text: string | null) => {
    first ??= result;
    if (result.outcome.reply !== "") replies.push(result.outcome.reply);
    if (text !== null) delivered.push(text);
  };
  const add = (result: SessionRunResult) =>
    addCall(result.outcome.usage, result.outcome.costUsd, result.outcome.latencyMs);
  return {
    addMainRun(result: SessionRunResult, text: string | null) {
      error ??= result.outcome.error;
      join(result, text);
      add(result);
    },
    /**
     * A run that also carried this turn's message (steered into it or collected with others)
     * but belongs to another turn, which pays for it: reply and delivery only.
     */
    addJoinedRun: join,
    addChildRun: add,
    /** A model call outside any run's loop (a compaction summary): usage and cost only. */
    addModelCall(callUsage: Usage, callCost: number | null) {
      addCall(callUsage, callCost, 0);
    },
    /** A text the `message` tool sent during a run. */
    addMessage(text: string) {
      delivered.push(text);
    },
    result(): TurnTotals {
      return {
        reply: replies.join("\n\n"),
        delivered: delivered.length === 0 ? null : delivered.join("\n\n"),
        stopReason: first?.outcome.stopReason ?? "end_turn",
        ...(error === undefined ? {} : { error }),
        usage,
        costUsd,
        latencyMs,
      };
    },
  };
}
