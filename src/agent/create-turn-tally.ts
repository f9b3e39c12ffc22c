import type { Usage } from "../domain/index.js";
import { addUsage, ZERO_USAGE } from "../domain/index.js";
import type { LoopStopReason } from "./run-agent-loop.js";
import type { SessionRunResult } from "./run-session-run.js";

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
  const add = (result: SessionRunResult) => {
    usage = addUsage(usage, result.outcome.usage);
    costUsd = costUsd === null || result.outcome.costUsd === null ? null : costUsd + result.outcome.costUsd;
    latencyMs += result.outcome.latencyMs;
  };
  return {
    addMainRun(result: SessionRunResult, text: string | null) {
      first ??= result;
      error ??= result.outcome.error;
      if (result.outcome.reply !== "") replies.push(result.outcome.reply);
      if (text !== null) delivered.push(text);
      add(result);
    },
    addChildRun: add,
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
