import type { ComplianceCategory, Message, SessionTranscriptRecord, TranscriptEntry, Turn } from "../domain/index.js";
import { parseModelId, ZERO_USAGE } from "../domain/index.js";
import type { MemoryIndexAuditResult } from "../memory/audit-memory-index.js";
import { resolveUserTimezone } from "../prompt/resolve-user-timezone.js";
import { auditMemories } from "./audit-memories.js";
import { createHookRegistry, type HookRegistry } from "./create-hook-registry.js";
import { createMemoryAccess, type MemoryAccess } from "./create-memory-access.js";
import { scenarioApproverService } from "./create-scenario-approver.js";
import { createScenarioMessenger } from "./create-scenario-messenger.js";
import { createSessionLifecycle } from "./create-session-lifecycle.js";
import { createSkillsSession } from "./create-skills-session.js";
import { createTurnTally, type TurnTotals } from "./create-turn-tally.js";
import type { LastHeartbeatAlert } from "./decide-heartbeat-outcome.js";
import { deliverReply, SCENARIO_CHANNEL, SCENARIO_RECIPIENT } from "./deliver-reply.js";
import { readSubagentLimits } from "./read-subagent-limits.js";
import { resolveAgentHeartbeatConfig } from "./resolve-agent-heartbeat-config.js";
import { parseCompactCommand, runCompactCommand } from "./run-compact-command.js";
import { runHeartbeatChecks } from "./run-heartbeat-checks.js";
import { runMemoryFlush } from "./run-memory-flush.js";
import { parseResetCommand, runResetCommand } from "./run-reset-command.js";
import {
  compactIfOverThreshold,
  runSessionRun,
  type SessionRunRequest,
  type SessionRunResult,
  type SessionRunWorld,
  type SessionState,
  type UnitSetting,
} from "./run-session-run.js";
import { settleSubagents } from "./settle-subagents.js";
import { settleTurnDelivery } from "./settle-turn-delivery.js";
import { buildTurnInput } from "./turn-input.js";

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

export interface TurnOptions {
  turn: Turn;
  category?: ComplianceCategory;
  signal?: AbortSignal;
}

export interface TurnOutcome extends TurnTotals {
  input: string;
  /** The system prompt of the turn's own run. */
  systemPrompt: string;
}

export interface AgentSession {
  readonly sessionKey: string;
  /** The main session's model context: the latest summary, then the kept persisted messages. */
  readonly history: readonly Message[];
  /** Every session of the unit that ran (main first, then sub-agents in spawn order) with its transcript. */
  transcripts(): SessionTranscriptRecord[];
  /** The hook registry every run of the session uses. */
  readonly hooks: HookRegistry;
  runTurn(options: TurnOptions): Promise<TurnOutcome>;
  /**
   * Syncs and audits every memory index the session's agents opened ({@link auditMemories});
   * `undefined` when none was. With `open`, the main agent's index is opened for the audit when
   * its memory is enabled and the unit never used it. Call before {@link AgentSession.end},
   * which closes them.
   */
  auditMemory(options?: { open?: boolean }): Promise<MemoryIndexAuditResult | undefined>;
  /** Fires `session_end` once, if the session ever started a run; later calls do nothing. */
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
  const lifecycleFor = (sessionKey: string, sessionAgentId: string) =>
    createSessionLifecycle({
      runtime: options.runtime,
      registry,
      emit: options.emit,
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
  const memories = new Map<string, MemoryAccess>();
  const memoryFor = (id: string): MemoryAccess => {
    let memory = memories.get(id);
    if (memory === undefined) {
      memory = createMemoryAccess({
        runtime: options.runtime,
        workspaceDir: options.workspaceDir,
        config: options.config,
        agentId: id,
        provider: parseModelId(options.model.id).provider,
      });
      memories.set(id, memory);
    }
    return memory;
  };
  let lastHeartbeatAlert: LastHeartbeatAlert | undefined;
  let lastRun = { promptTokens: 0, outputTokens: 0 };
  // The turn in progress, which also pays for the compaction summaries its runs ask for.
  let currentTally: ReturnType<typeof createTurnTally> | undefined;
  const userTimezone = resolveUserTimezone(options.config, options.runtime.timezone);
  // Heartbeat readers see the agent's own heartbeat block laid over the defaults (§5.1).
  const heartbeat = resolveAgentHeartbeatConfig(options.config, agentId);
  const maxAckChars = heartbeat.settings.ackMaxChars;
  const heartbeatDelivery = heartbeat.delivery;
  const skills = createSkillsSession({
    runtime: options.runtime,
    workspaceDir: options.workspaceDir,
    config: options.config,
    agentId,
  });
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
    emit: options.emit,
    ...(options.monotonic ? { monotonic: options.monotonic } : {}),
    prepareSkills: () => skills.prepareTurn(),
    subagentLimits: (id) => readSubagentLimits(options.config, id),
    lifecycleFor,
    trackSession: (session) => sessions.push(session),
    memoryFor,
    onSummaryUsage: (usage, costUsd) => currentTally?.addModelCall(usage, costUsd),
    ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
    ...(options.summaries ? { summaries: options.summaries } : {}),
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
  };
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
    auditMemory(auditOptions) {
      if (auditOptions?.open !== true) return auditMemories({ accesses: memories });
      memoryFor(agentId);
      return auditMemories({ accesses: memories, openFor: agentId });
    },
    async end() {
      await main.lifecycle.end(main.context?.messages().length ?? 0);
      for (const memory of memories.values()) memory.close();
    },
    async runTurn({ turn, category, signal }) {
      const input = buildTurnInput(turn, { config: options.config, agentId, now: options.runtime.now(), userTimezone });
      const isHeartbeat = turn.kind === "heartbeat";
      const tally = createTurnTally();
      currentTally = tally;
      // The turn's own run: `message_received`, a heartbeat skip and the run share its id.
      const runId = options.runtime.newId("run");
      const wake = turn.wakeReason === undefined ? {} : { wakeReason: turn.wakeReason };
      if (turn.kind === "user") {
        const base = { runId, sessionKey: main.key };
        await main.lifecycle.hooksFor(base).fire("message_received", {
          from: SCENARIO_RECIPIENT,
          content: input.content,
          timestamp: options.runtime.now(),
        });
      }
      const resetKind = parseResetCommand(turn);
      if (resetKind !== undefined) {
        const totals = await runResetCommand({
          world,
          session: main,
          kind: resetKind,
          runId,
          onRetire: (session) => {
            if (session.context !== undefined) retired.push(transcriptRecord(session));
          },
        });
        return { input: input.content, systemPrompt: "", ...totals };
      }
      const compactInstructions = parseCompactCommand(turn);
      if (compactInstructions !== undefined) {
        const totals = await runCompactCommand({
          world,
          session: main,
          turn,
          instructions: compactInstructions,
          runId,
          ...(signal ? { signal } : {}),
        });
        const { usage, costUsd } = tally.result();
        return { input: input.content, systemPrompt: "", ...totals, usage, costUsd };
      }
      if (isHeartbeat) {
        const skip = await runHeartbeatChecks({
          runtime: options.runtime,
          heartbeat: heartbeat.settings,
          agentEnabled: heartbeat.enabled,
          workspaceDir: options.workspaceDir,
          userTimezone,
          visibility: heartbeatDelivery.visibility,
          ...wake,
        });
        if (skip !== undefined) {
          options.emit({ runId, sessionKey: main.key, type: "heartbeat", status: "skipped", reason: skip, ...wake });
          return skippedHeartbeatOutcome(input.content);
        }
      }
      const request: Omit<SessionRunRequest, "input"> = {
        turn,
        category,
        signal,
        services: {
          ...scenarioApproverService(turn.approvals),
          messenger: createScenarioMessenger({
            deliver: (text, runId) => {
              const base = { runId, sessionKey: main.key };
              const hooks = main.lifecycle.hooksFor(base);
              return deliverReply({ text, emit: options.emit, base, hooks, via: "message" });
            },
            onSent: (text) => tally.addMessage(text),
          }),
        },
      };
      // The threshold trigger runs once a run has settled (an acknowledged heartbeat is dropped first).
      const afterRun = (base: { runId: string; sessionKey: string }) =>
        compactIfOverThreshold(world, main, { ...request, input }, base);
      const settle = async (result: SessionRunResult, heartbeat: boolean): Promise<SessionRunResult> => {
        const settled = await settleTurnDelivery({
          outcome: result.outcome,
          heartbeat,
          maxAckChars,
          lastAlert: lastHeartbeatAlert,
          heartbeatDelivery,
          ...(heartbeat ? wake : {}),
          now: options.runtime.now(),
          emit: options.emit,
          base: { runId: result.runId, sessionKey: main.key },
          hooks: result.hooks,
        });
        lastHeartbeatAlert = settled.lastAlert;
        lastRun = lastRunUsage(result) ?? lastRun;
        const base = { runId: result.runId, sessionKey: main.key };
        if (!settled.keepMessages) await main.context?.dropSince(result.mark, "heartbeat-ack");
        await afterRun(base);
        tally.addMainRun(result, settled.delivered);
        return result;
      };
      if (turn.kind === "user") {
        const flush = await runMemoryFlush({
          world,
          session: main,
          request: { ...request, input },
          userTimezone,
          lastRun,
          runId: options.runtime.newId("run"),
        });
        if (flush !== undefined) {
          tally.addChildRun(flush);
          await afterRun({ runId: flush.runId, sessionKey: main.key });
        }
      }
      // A system event wakes the session for a heartbeat-style run: acks and silence are
      // suppressed like a heartbeat's, an alert or relay is delivered.
      const heartbeatRun = isHeartbeat || turn.kind === "system";
      const first = await settle(await runSessionRun(world, main, { ...request, input }, runId), heartbeatRun);
      await settleSubagents(
        {
          world,
          request,
          onChildRun: (result) => tally.addChildRun(result),
        },
        main,
        first.children,
        async (announce) => settle(await runSessionRun(world, main, { ...request, input: announce }), false),
      );
      return { input: input.content, systemPrompt: first.systemPrompt, ...tally.result() };
    },
  };
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

function transcriptRecord(session: SessionState): SessionTranscriptRecord {
  const context = session.context as NonNullable<SessionState["context"]>;
  return {
    sessionKey: session.key,
    sessionId: context.transcript.sessionId,
    file: context.sessionFile,
    entries: [...context.transcript.allEntries],
  };
}

function skippedHeartbeatOutcome(input: string): TurnOutcome {
  return {
    input,
    reply: "",
    delivered: null,
    systemPrompt: "",
    stopReason: "end_turn",
    usage: ZERO_USAGE,
    costUsd: 0,
    latencyMs: 0,
  };
}
