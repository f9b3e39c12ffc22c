import type { Usage, UserMessage } from "../domain/index.js";
import { addUsage, ZERO_USAGE } from "../domain/index.js";
import {
  buildAnnounceMessage,
  type SubagentRunStatus,
  shouldAnnounce,
  type TaskCompletion,
} from "./build-announce-message.js";
import { buildSubagentTaskMessage } from "./build-subagent-task-message.js";
import { createRunTimer } from "./create-run-timer.js";
import { type PendingSubagent, subagentHookInfo } from "./create-subagent-spawner.js";
import type { LoopStopReason } from "./run-agent-loop.js";
import { runSessionRun } from "./run-session-run.js";
import { compactIfOverThreshold } from "./session-context-steps.js";
import type { SessionRunRequest, SessionRunResult, SessionRunWorld, SessionState } from "./session-run-types.js";

export interface SubagentSettlement {
  world: SessionRunWorld;
  /** The turn's request; children and announce runs reuse its turn, signal and services. */
  request: Omit<SessionRunRequest, "input" | "category">;
  /** Sees every child run, for the turn's usage, cost and latency. */
  onChildRun(result: SessionRunResult): void;
}

const STATUS_BY_STOP: Record<LoopStopReason, SubagentRunStatus> = {
  end_turn: "ok",
  refusal: "ok",
  max_tokens: "ok",
  max_steps: "error",
  error: "error",
  aborted: "unknown",
  context_overflow: "error",
};

/**
 * Runs the children a requester's run accepted, one after another in spawn order, each to its
 * end (its own children included), and announces each result back to the requester (spec/loop.md
 * §6.2–6.3) through `announce`, which runs and settles one requester run and returns it; children
 * that run spawns are settled in turn. A child whose final text is exactly `ANNOUNCE_SKIP` or
 * `NO_REPLY` is not announced. Events: `subagent` `ended` (with the run status) and `announced`.
 */
export async function settleSubagents(
  settlement: SubagentSettlement,
  requester: SessionState,
  children: readonly PendingSubagent[],
  announce: (input: UserMessage) => Promise<SessionRunResult>,
): Promise<void> {
  const { world } = settlement;
  const queue = [...children];
  const requesterHooks = (child: PendingSubagent) =>
    requester.lifecycle.hooksFor({ runId: child.runId, sessionKey: requester.key });
  for (let child = queue.shift(); child !== undefined; child = queue.shift()) {
    if (settlement.request.signal?.aborted) return;
    const completion = await runChild(settlement, requester, child);
    const base = { runId: child.runId, sessionKey: requester.key };
    world.emit({
      ...base,
      type: "subagent",
      phase: "ended",
      childSessionKey: child.childSessionKey,
      status: completion.status,
    });
    const ended = () =>
      requesterHooks(child).fire("subagent_ended", {
        ...subagentHookInfo(child),
        outcome: completion.status === "unknown" ? "killed" : completion.status,
        ...(completion.error === undefined ? {} : { error: completion.error }),
      });
    if (!shouldAnnounce(completion.result)) {
      await ended();
      continue;
    }
    const message = buildAnnounceMessage(completion, requester.depth > 0);
    const announced = await announce({ role: "user", content: message, kind: "user" });
    world.emit({
      runId: announced.runId,
      sessionKey: requester.key,
      type: "subagent",
      phase: "announced",
      childSessionKey: child.childSessionKey,
    });
    await ended();
    queue.push(...announced.children);
  }
}

export async function runChild(
  settlement: SubagentSettlement,
  requester: SessionState,
  child: PendingSubagent,
): Promise<TaskCompletion> {
  const { world } = settlement;
  const limits = world.subagentLimits(requester.agentId);
  const modelId = child.request.model ?? limits.model;
  const model = (modelId === undefined ? undefined : world.resolveModel?.(modelId)) ?? requester.model;
  const session: SessionState = {
    key: child.childSessionKey,
    agentId: child.agentId,
    depth: child.depth,
    model,
    lifecycle: world.lifecycleFor(child.childSessionKey, child.agentId),
  };
  world.trackSession(session);
  // Sub-agents never deliver to channels (spec/loop.md §6.2): no messenger.
  const { messenger: _messenger, ...childServices } = settlement.request.services ?? {};
  // The child's whole work (its own children included) has `runTimeoutSeconds` on the unit's clock.
  const timeoutMs = Math.round((child.request.runTimeoutSeconds ?? limits.runTimeoutSeconds) * 1000);
  const timing = createRunTimer({
    runtime: world.runtime,
    timeoutMs,
    parent: settlement.request.signal,
    label: "runTimeoutSeconds",
    onTimeout: () =>
      world.emit({ runId: child.runId, sessionKey: child.childSessionKey, type: "run_timeout", timeoutMs }),
  });
  // The parent run's own controls (steering, time limit, spawn callback, origin) stay with it.
  const {
    steering: _steering,
    timeoutMs: _timeoutMs,
    timeoutLabel: _timeoutLabel,
    onSpawned: _onSpawned,
    origin: _origin,
    ...childRequest
  } = settlement.request;
  let usage: Usage = ZERO_USAGE;
  let last: SessionRunResult | undefined;
  const run = async (input: UserMessage, runId?: string): Promise<SessionRunResult> => {
    const result = await runSessionRun(
      world,
      session,
      { ...childRequest, services: childServices, signal: timing.signal, input, category: undefined },
      runId,
    );
    await compactIfOverThreshold(
      world,
      session,
      { ...settlement.request, input, category: undefined },
      {
        runId: result.runId,
        sessionKey: session.key,
      },
    );
    usage = addUsage(usage, result.outcome.usage);
    settlement.onChildRun(result);
    last = result;
    return result;
  };
  const task = buildSubagentTaskMessage(child.request.task, child.depth, limits.maxSpawnDepth);
  const first = await run({ role: "user", content: task, kind: "user" }, child.runId);
  await settleSubagents(settlement, session, first.children, (input) => run(input));
  timing.stop();
  const status: SubagentRunStatus = timing.timedOut() ? "timeout" : STATUS_BY_STOP[first.outcome.stopReason];
  await session.lifecycle.end(session.context?.messages().length ?? 0);
  return {
    childSessionKey: child.childSessionKey,
    childSessionId: child.runId,
    taskLabel: child.request.label ?? child.request.task,
    status,
    ...(first.outcome.error === undefined ? {} : { error: first.outcome.error }),
    result: last?.outcome.reply ?? "",
    usage,
  };
}
