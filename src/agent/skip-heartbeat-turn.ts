import type { Turn } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";
import { type MainTurnContext, type TurnOutcome, turnWake } from "./main-turn-context.js";
import { runHeartbeatChecks } from "./run-heartbeat-checks.js";

export interface SkipHeartbeatTurnOptions {
  context: MainTurnContext;
  /** A heartbeat turn. */
  turn: Turn;
  /** The turn's input text, as the outcome reports it. */
  input: string;
  /** The turn's own run id, which the skip event carries. */
  runId: string;
  /** The main session's lane is busy (a run in flight or queued work). */
  requestsInFlight?: boolean;
}

/**
 * Runs the heartbeat skip checks ({@link runHeartbeatChecks}). On a skip it emits
 * `heartbeat {status: "skipped", reason}` and resolves the turn's outcome: no model call, no reply,
 * nothing delivered. Resolves `undefined` when the heartbeat runs.
 */
export async function skipHeartbeatTurn(options: SkipHeartbeatTurnOptions): Promise<TurnOutcome | undefined> {
  const { context, turn } = options;
  const { world, heartbeat } = context;
  const wake = turnWake(turn);
  const skip = await runHeartbeatChecks({
    runtime: world.runtime,
    heartbeat: heartbeat.settings,
    agentEnabled: heartbeat.enabled,
    workspaceDir: world.workspaceDir,
    userTimezone: context.userTimezone,
    visibility: heartbeat.delivery.visibility,
    ...wake,
    ...(options.requestsInFlight === true ? { requestsInFlight: true } : {}),
  });
  if (skip === undefined) return undefined;
  const sessionKey = context.main.key;
  world.emit({ runId: options.runId, sessionKey, type: "heartbeat", status: "skipped", reason: skip, ...wake });
  return {
    input: options.input,
    reply: "",
    delivered: null,
    systemPrompt: "",
    stopReason: "end_turn",
    usage: ZERO_USAGE,
    costUsd: 0,
    latencyMs: 0,
  };
}
