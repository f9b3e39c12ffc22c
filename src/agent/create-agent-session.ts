import type { ComplianceCategory, EventSink, Message, Model, Runtime, Tool, Turn, Usage } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";
import { parseModelId } from "../models/create-model.js";
import { buildRunSystemPrompt } from "../prompt/build-run-system-prompt.js";
import { readPositiveInteger } from "../prompt/read-config-value.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import { resolveUserTimezone } from "../prompt/resolve-user-timezone.js";
import { createSkillsSession } from "./create-skills-session.js";
import type { LastHeartbeatAlert } from "./decide-heartbeat-outcome.js";
import { readHeartbeatDelivery } from "./read-heartbeat-delivery.js";
import { type LoopStopReason, runAgentLoop } from "./run-agent-loop.js";
import { runHeartbeatChecks } from "./run-heartbeat-checks.js";
import { settleTurnDelivery } from "./settle-turn-delivery.js";
import { buildTurnInput } from "./turn-input.js";

export interface AgentSessionOptions {
  runtime: Runtime;
  model: Model;
  /** Tools the runtime has; the config's tool policy decides which the model is offered. */
  tools: readonly Tool[];
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  scenarioId: string;
  unitId: string;
  repeat: number;
  /** Maximum model calls per turn. */
  maxSteps: number;
  emit: EventSink;
  agentId?: string;
  /** Default `agent:<agentId>:main`. */
  sessionKey?: string;
  monotonic?: () => number;
}

export interface TurnOptions {
  turn: Turn;
  category?: ComplianceCategory;
  signal?: AbortSignal;
}

export interface TurnOutcome {
  input: string;
  reply: string;
  /** The delivered text, or `null` when the delivery rules skipped it. */
  delivered: string | null;
  systemPrompt: string;
  stopReason: LoopStopReason;
  error?: string;
  usage: Usage;
  costUsd: number | null;
  latencyMs: number;
}

export interface AgentSession {
  readonly sessionKey: string;
  readonly history: readonly Message[];
  runTurn(options: TurnOptions): Promise<TurnOutcome>;
}

/** Longest `preview` on a `heartbeat` event, chars. */

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
 * and visibility come from {@link readHeartbeatDelivery}.
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const agentId = options.agentId ?? "main";
  const sessionKey = options.sessionKey ?? `agent:${agentId}:main`;
  const history: Message[] = [];
  let lastHeartbeatAlert: LastHeartbeatAlert | undefined;
  const userTimezone = resolveUserTimezone(options.config, options.runtime.timezone);
  const maxAckChars = readPositiveInteger(options.config, "agents.defaults.heartbeat.ackMaxChars", 300);
  const heartbeatDelivery = readHeartbeatDelivery(options.config);
  const modelName = parseModelId(options.model.id);
  const modelId = modelName.name.replace(/@.*$/, "");
  const allowed = new Set(
    resolveToolNames(
      options.tools.map((tool) => tool.name),
      { config: options.config, agentId, provider: modelName.provider, ...(modelId === "" ? {} : { modelId }) },
    ).names,
  );
  const tools = options.tools.filter((tool) => allowed.has(tool.name));
  const skills = createSkillsSession({
    runtime: options.runtime,
    workspaceDir: options.workspaceDir,
    config: options.config,
    agentId,
  });
  return {
    sessionKey,
    history,
    async runTurn({ turn, category, signal }) {
      const runId = options.runtime.newId("run");
      const base = { runId, sessionKey };
      const input = buildTurnInput(turn, { config: options.config, now: options.runtime.now(), userTimezone });
      const isHeartbeat = turn.kind === "heartbeat";
      const wake = turn.wakeReason === undefined ? {} : { wakeReason: turn.wakeReason };
      if (isHeartbeat) {
        const skip = await runHeartbeatChecks({
          runtime: options.runtime,
          config: options.config,
          workspaceDir: options.workspaceDir,
          userTimezone,
          visibility: heartbeatDelivery.visibility,
          ...wake,
        });
        if (skip !== undefined) {
          options.emit({ ...base, type: "heartbeat", status: "skipped", reason: skip, ...wake });
          return skippedHeartbeatOutcome(input.content);
        }
      }
      options.emit({ ...base, type: "agent_start", input: input.content, kind: turn.kind });
      const { skillsPrompt, ...skillsEvent } = await skills.prepareTurn();
      options.emit({ ...base, type: "skills_snapshot", ...skillsEvent });
      const prompt = await buildRunSystemPrompt(
        {
          config: options.config,
          agentId,
          sessionKey,
          workspaceDir: options.workspaceDir,
          provider: modelName.provider,
          ...(modelId === "" ? {} : { modelId }),
          cwd: options.workspaceDir,
          tools,
          skillsPrompt,
        },
        options.runtime,
      );
      options.emit({ ...base, type: "prompt_built", systemPrompt: prompt.text, mode: prompt.mode });
      const outcome = await runAgentLoop({
        runtime: options.runtime,
        model: options.model,
        tools,
        systemPrompt: prompt.text,
        history,
        input,
        callContext: {
          scenarioId: options.scenarioId,
          unitId: options.unitId,
          turnIndex: turn.index,
          turnKind: turn.kind,
          repeat: options.repeat,
          script: turn.script,
          category,
          input: input.content,
          sessionKey,
        },
        workspaceDir: options.workspaceDir,
        maxSteps: options.maxSteps,
        emit: options.emit,
        runId,
        ...(signal ? { signal } : {}),
        ...(options.monotonic ? { monotonic: options.monotonic } : {}),
        services: { config: options.config, agentId },
      });
      const settled = settleTurnDelivery({
        outcome,
        heartbeat: isHeartbeat,
        maxAckChars,
        lastAlert: lastHeartbeatAlert,
        heartbeatDelivery,
        ...wake,
        now: options.runtime.now(),
        emit: options.emit,
        base,
      });
      lastHeartbeatAlert = settled.lastAlert;
      const { delivered } = settled;
      if (settled.keepMessages) history.push(...outcome.messages);
      return {
        input: input.content,
        reply: outcome.reply,
        delivered,
        systemPrompt: prompt.text,
        stopReason: outcome.stopReason,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        usage: outcome.usage,
        costUsd: outcome.costUsd,
        latencyMs: outcome.latencyMs,
      };
    },
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
    costUsd: null,
    latencyMs: 0,
  };
}
