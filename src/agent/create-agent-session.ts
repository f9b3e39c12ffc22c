import type { Message, SessionTranscriptRecord, TranscriptEntry } from "../domain/index.js";
import { parseModelId } from "../domain/index.js";
import type { MemoryIndexAuditResult } from "../memory/audit-memory-index.js";
import { resolveUserTimezone } from "../prompt/resolve-user-timezone.js";
import { createAgentMemories } from "./create-agent-memories.js";
import { createEventRouter } from "./create-event-router.js";
import { createHookRegistry, type HookRegistry } from "./create-hook-registry.js";
import { createSessionGateway, type TurnHandle } from "./create-session-gateway.js";
import { createSessionLifecycle } from "./create-session-lifecycle.js";
import { createSkillsSession } from "./create-skills-session.js";
import type { ReceivedTurnOutcome } from "./create-turn-tracker.js";
import { SCENARIO_CHANNEL } from "./deliver-reply.js";
import type { MainTurnContext, MainTurnMemo, TurnOptions } from "./main-turn-context.js";
import { readLaneSettings } from "./read-lane-settings.js";
import { readSubagentLimits } from "./read-subagent-limits.js";
import { resolveAgentHeartbeatConfig } from "./resolve-agent-heartbeat-config.js";
import type { SessionRunWorld, SessionState, UnitSetting } from "./session-run-types.js";

export type { TurnHandle } from "./create-session-gateway.js";
export type { ReceivedTurnOutcome } from "./create-turn-tracker.js";
export type { TurnOptions, TurnOutcome } from "./main-turn-context.js";

export interface AgentSessionOptions extends UnitSetting {
  agentId?: string;
  /** Default `agent:<agentId>:main`. */
  sessionKey?: string;
  /**
   * The session's plugin hooks (spec/loop.md §3), fired in the order of §2.1 for every run,
   * sub-agent runs included. Default: an empty registry.
   */
  hooks?: HookRegistry;
  /** Entries the main session's transcript starts from (a scenario's `session:` file). */
  preload?: readonly TranscriptEntry[];
}

export interface AgentSession {
  readonly sessionKey: string;
  /** The main session's model context: the latest summary, then the kept persisted messages. */
  readonly history: readonly Message[];
  /** Every session of the unit that ran (main first, then sub-agents in spawn order) with its transcript. */
  transcripts(): SessionTranscriptRecord[];
  /** The hook registry every run of the session uses. */
  readonly hooks: HookRegistry;
  /**
   * Hands a turn's message to its session now, on the unit's clock: it runs at once, or follows
   * the queue mode when the session is busy ({@link createSessionGateway}). `settled` resolves
   * with the turn's outcome and events once every run carrying the message has settled.
   */
  receive(options: TurnOptions): TurnHandle;
  /** `receive(options).settled`. */
  runTurn(options: TurnOptions): Promise<ReceivedTurnOutcome>;
  /**
   * Syncs and audits every memory index the session's agents opened ({@link auditMemories});
   * `undefined` when none was. With `open`, the main agent's index is opened for the audit when
   * its memory is enabled and the unit never used it. Call before {@link AgentSession.end},
   * which closes them.
   */
  auditMemory(options?: { open?: boolean }): Promise<MemoryIndexAuditResult | undefined>;
  /**
   * Fires `session_end` once for the main session and each group or channel session that ever
   * started a run; later calls do nothing.
   */
  end(): Promise<void>;
}

/**
 * One agent session (the main session of a scenario): each turn assembles the system prompt,
 * runs the agent loop, applies the delivery rules, and keeps the transcript for the next turn.
 *
 * Heartbeat turns (spec/loop.md §5): the skip checks run first (`disabled`, `quiet-hours`,
 * `empty-heartbeat-file` unless the wake reason bypasses it, `alerts-disabled`); a skip makes no
 * model call, delivers nothing and emits only `heartbeat {status: "skipped", reason}`. After a
 * run, `ok-empty`, `ok-token` and a duplicate alert (same text as the last sent alert, < 24 h
 * ago) drop the run's messages from the transcript and deliver nothing (an ack sends
 * `HEARTBEAT_OK` under `showOk`); an alert with no recipient (`target: none` or another channel)
 * or with `showAlerts: false` is skipped and kept; an alert is delivered and remembered. A run
 * that ends in an error or abort is `failed`, keeps its transcript and delivers nothing. Target
 * and visibility come from {@link resolveAgentHeartbeatConfig}.
 *
 * System-event turns are queued on the main session and wake it at once ([runtime]: no skip
 * checks, the event is the work); the run follows the heartbeat delivery rules above, so an
 * ack or silence is suppressed and a relayed reminder or alert is delivered.
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const agentId = options.agentId ?? "main";
  const registry = options.hooks ?? createHookRegistry();
  const router = createEventRouter(options.emit);
  const lifecycleFor = (sessionKey: string, sessionAgentId: string) =>
    createSessionLifecycle({
      runtime: options.runtime,
      registry,
      emit: router.emit,
      agentId: sessionAgentId,
      sessionKey,
      workspaceDir: options.workspaceDir,
      messageProvider: SCENARIO_CHANNEL,
      ...(options.monotonic ? { monotonic: options.monotonic } : {}),
    });
  const mainKey = options.sessionKey ?? `agent:${agentId}:main`;
  const main: SessionState = {
    key: mainKey,
    agentId,
    depth: 0,
    model: options.model,
    lifecycle: lifecycleFor(mainKey, agentId),
    ...(options.preload === undefined ? {} : { preload: options.preload }),
  };
  const sessions: SessionState[] = [main];
  // Transcripts of sessions that `/new` or `/reset` closed, in the order they closed.
  const retired: SessionTranscriptRecord[] = [];
  const memories = createAgentMemories({
    runtime: options.runtime,
    workspaceDir: options.workspaceDir,
    config: options.config,
    provider: parseModelId(options.model.id).provider,
  });
  const userTimezone = resolveUserTimezone(options.config, options.runtime.timezone);
  // Heartbeat readers see the agent's own heartbeat block laid over the defaults (§5.1).
  const heartbeat = resolveAgentHeartbeatConfig(options.config, agentId);
  const skills = createSkillsSession({
    runtime: options.runtime,
    workspaceDir: options.workspaceDir,
    config: options.config,
    agentId,
  });
  const memo: MainTurnMemo = {
    lastHeartbeatAlert: undefined,
    lastRun: { promptTokens: 0, outputTokens: 0 },
    tally: undefined,
  };
  const world: SessionRunWorld = {
    runtime: options.runtime,
    model: options.model,
    tools: options.tools,
    workspaceDir: options.workspaceDir,
    config: options.config,
    scenarioId: options.scenarioId,
    unitId: options.unitId,
    repeat: options.repeat,
    maxSteps: options.maxSteps,
    emit: router.emit,
    ...(options.monotonic ? { monotonic: options.monotonic } : {}),
    prepareSkills: () => skills.prepareTurn(),
    subagentLimits: (id) => readSubagentLimits(options.config, id),
    lifecycleFor,
    trackSession: (session) => sessions.push(session),
    memoryFor: memories.memoryFor,
    onSummaryUsage: (usage, costUsd) => memo.tally?.addModelCall(usage, costUsd),
    ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
    ...(options.summaries ? { summaries: options.summaries } : {}),
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
    ...(options.stream ? { stream: true } : {}),
  };
  const context: MainTurnContext = {
    world,
    main,
    agentId,
    userTimezone,
    heartbeat,
    memo,
    retire: (session) => {
      if (session.context !== undefined) retired.push(transcriptRecord(session));
    },
  };
  const gateway = createSessionGateway({
    context,
    settings: readLaneSettings(options.config),
    router,
    openSession(sessionKey) {
      // A group or channel session of the same agent: its own transcript, lifecycle and memo.
      const session: SessionState = {
        key: sessionKey,
        agentId,
        depth: 0,
        model: options.model,
        lifecycle: lifecycleFor(sessionKey, agentId),
      };
      sessions.push(session);
      return {
        ...context,
        main: session,
        memo: { lastHeartbeatAlert: undefined, lastRun: { promptTokens: 0, outputTokens: 0 }, tally: undefined },
      };
    },
  });
  return {
    sessionKey: main.key,
    get history() {
      return main.context?.messages() ?? [];
    },
    transcripts: () => [
      ...retired,
      ...sessions.flatMap((session) => (session.context ? [transcriptRecord(session)] : [])),
    ],
    hooks: registry,
    auditMemory: (auditOptions) => memories.audit(auditOptions?.open === true ? agentId : undefined),
    async end() {
      try {
        // The main session, then each group or channel session a message opened, in that order.
        for (const session of sessions.filter((candidate) => candidate.depth === 0)) {
          await session.lifecycle.end(session.context?.messages().length ?? 0);
        }
      } finally {
        memories.close();
      }
    },
    receive: (turnOptions) => gateway.receive(turnOptions),
    runTurn: (turnOptions) => gateway.receive(turnOptions).settled,
  };
}

function transcriptRecord(session: SessionState): SessionTranscriptRecord {
  const context = session.context as NonNullable<SessionState["context"]>;
  return {
    sessionKey: session.key,
    sessionId: context.transcript.sessionId,
    file: context.sessionFile,
    entries: [...context.transcript.allEntries],
  };
}
