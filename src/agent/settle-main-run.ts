import { replyAddressOf } from "./deliver-reply.js";
import { type MainTurnContext, type TurnTally, turnWake } from "./main-turn-context.js";
import { compactIfOverThreshold } from "./session-context-steps.js";
import type { SessionRunRequest, SessionRunResult } from "./session-run-types.js";
import { settleTurnDelivery } from "./settle-turn-delivery.js";

export interface SettleMainRunOptions {
  context: MainTurnContext;
  /** The turn's own request (with the turn's input), which a threshold compaction reuses. */
  request: SessionRunRequest;
  /** A finished run of the main session: the turn's own run or an announce run. */
  result: SessionRunResult;
  /** Whether the heartbeat delivery rules apply (heartbeat and system-event runs). */
  heartbeat: boolean;
  tally: TurnTally;
  /** Tallies of other turns whose messages the run also carried (reply and delivery only). */
  joined?: readonly TurnTally[];
}

/**
 * Settles one run of the main session: applies the delivery rules, remembers the last alert and
 * the run's usage, drops the messages of an acknowledged heartbeat, compacts when the history is
 * over the threshold (after the drop), and adds the run to the turn's tally. Resolves `result`.
 */
export async function settleMainRun(options: SettleMainRunOptions): Promise<SessionRunResult> {
  const { context, result, heartbeat } = options;
  const { world, main, memo } = context;
  const settled = await settleTurnDelivery({
    outcome: result.outcome,
    heartbeat,
    maxAckChars: context.heartbeat.settings.ackMaxChars,
    lastAlert: memo.lastHeartbeatAlert,
    heartbeatDelivery: context.heartbeat.delivery,
    ...(heartbeat ? turnWake(options.request.turn) : {}),
    now: world.runtime.now(),
    emit: world.emit,
    base: { runId: result.runId, sessionKey: main.key },
    hooks: result.hooks,
    ...replyTo(options.request),
  });
  memo.lastHeartbeatAlert = settled.lastAlert;
  memo.lastRun = lastRunUsage(result) ?? memo.lastRun;
  const base = { runId: result.runId, sessionKey: main.key };
  if (!settled.keepMessages) await main.context?.dropSince(result.mark, "heartbeat-ack");
  await compactIfOverThreshold(world, main, { ...options.request }, base);
  options.tally.addMainRun(result, settled.delivered);
  for (const tally of options.joined ?? []) tally.addJoinedRun(result, settled.delivered);
  return result;
}

/** Where the run's reply goes: the chat its message came from (a group reply goes to the group). */
function replyTo(request: SessionRunRequest): { to?: string } {
  const to = request.origin === undefined ? undefined : replyAddressOf(request.origin);
  return to === undefined ? {} : { to };
}

/** The usage the last call of a run reported, as the memory flush projects from it (memory.md §9.1). */
function lastRunUsage(result: SessionRunResult): { promptTokens: number; outputTokens: number } | undefined {
  for (let index = result.outcome.messages.length - 1; index >= 0; index--) {
    const message = result.outcome.messages[index];
    if (message?.role !== "assistant" || message.usage === undefined) continue;
    const { inputTokens, cacheReadTokens, cacheWriteTokens, outputTokens } = message.usage;
    return { promptTokens: inputTokens + cacheReadTokens + cacheWriteTokens, outputTokens };
  }
  return undefined;
}
