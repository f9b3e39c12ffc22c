import { isOverCompactionThreshold } from "../context/is-context-overflow.js";
import type { Summarize } from "../context/summarize-in-stages.js";
import type { Model, ModelCallContext } from "../domain/index.js";
import { createModelSummarizer } from "./create-model-summarizer.js";
import { createSessionContext, type SessionContext } from "./create-session-context.js";
import { loadWorkspaceRules } from "./load-workspace-rules.js";
import { resolveSessionContextSettings } from "./resolve-session-context-settings.js";

import type { SessionRunRequest, SessionRunWorld, SessionState } from "./session-run-types.js";

/** Where a session's model calls happen, for the scripted and simulated models. */
export function callContextFor(
  world: SessionRunWorld,
  session: SessionState,
  request: Pick<SessionRunRequest, "turn" | "category" | "input">,
): ModelCallContext {
  const { turn } = request;
  return {
    scenarioId: world.scenarioId,
    unitId: world.unitId,
    turnIndex: turn.index,
    turnKind: turn.kind,
    repeat: world.repeat,
    script: turn.script,
    summaries:
      turn.summaries === undefined
        ? { scope: "scenario", steps: world.summaries ?? [] }
        : { scope: "turn", steps: turn.summaries },
    category: request.category,
    input: request.input.content,
    sessionKey: session.key,
  };
}

/**
 * The summariser of a session's compactions: `agents.defaults.compaction.model` when it names a
 * model the unit can resolve, else the run's model (so a live model summarises live runs).
 */
export function summarizerFor(
  world: SessionRunWorld,
  session: SessionState,
  context: ModelCallContext,
  runModel: Model = session.model,
): Summarize {
  const configured = session.context?.settings.compactionModel;
  const model = (configured === undefined ? undefined : world.resolveModel?.(configured)) ?? runModel;
  return createModelSummarizer({
    model,
    context,
    wait: world.runtime.wait,
    ...(world.onSummaryUsage ? { onUsage: world.onSummaryUsage } : {}),
  });
}

/**
 * The session's context step outside a run (a `/compact` command): starts the session
 * (`session_start` on first use) and creates its transcript.
 */
export async function ensureSessionContext(
  world: SessionRunWorld,
  session: SessionState,
  base: { runId: string; sessionKey: string },
): Promise<SessionContext> {
  const sessionId = await session.lifecycle.start(base);
  return sessionContextOf(world, session, sessionId);
}

/** The session's context step, created on its first run with the session's id. */
export function sessionContextOf(world: SessionRunWorld, session: SessionState, sessionId: string): SessionContext {
  session.context ??= createSessionContext({
    runtime: world.runtime,
    agentId: session.agentId,
    sessionId,
    settings: resolveSessionContextSettings({
      config: world.config,
      model: session.model,
      ...(world.contextWindow === undefined ? {} : { contextWindow: world.contextWindow }),
    }),
    ...(session.preload === undefined ? {} : { preload: session.preload }),
    workspaceRules: () => loadWorkspaceRules(world.runtime, world.workspaceDir),
  });
  return session.context;
}

/**
 * The threshold trigger (context.md §4.2 item 1) after a run has settled: compacts the session
 * when its context is over `contextWindow − reserve`. The compacted context serves the next run.
 */
export async function compactIfOverThreshold(
  world: SessionRunWorld,
  session: SessionState,
  request: Pick<SessionRunRequest, "turn" | "category" | "input" | "signal">,
  base: { runId: string; sessionKey: string },
): Promise<void> {
  const context = session.context;
  if (context === undefined) return;
  const { compaction } = context.settings;
  const check = isOverCompactionThreshold({
    messages: context.messages(),
    contextWindow: compaction.contextWindow,
    reserveTokens: compaction.reserveTokens,
  });
  if (!check.over) return;
  await context.compact({
    trigger: "threshold",
    summarize: summarizerFor(world, session, { ...callContextFor(world, session, request), purpose: "compaction" }),
    hooks: session.lifecycle.hooksFor(base),
    ...(request.signal ? { signal: request.signal } : {}),
    base,
    emit: world.emit,
  });
}
