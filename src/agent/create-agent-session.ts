import type { ComplianceCategory, EventSink, Message, Model, Runtime, Tool, Turn, Usage } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";
import { parseModelId } from "../models/create-model.js";
import { readPositiveInteger } from "../prompt/read-config-value.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import { resolveUserTimezone } from "../prompt/resolve-user-timezone.js";
import { createHookRegistry, type HookRegistry } from "./create-hook-registry.js";
import { createSessionLifecycle } from "./create-session-lifecycle.js";
import { createSkillsSession } from "./create-skills-session.js";
import type { LastHeartbeatAlert } from "./decide-heartbeat-outcome.js";
import { SCENARIO_RECIPIENT } from "./deliver-reply.js";
import { fireRunEndHooks } from "./fire-run-end-hooks.js";
import { prepareRun } from "./prepare-run.js";
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
  /**
   * The session's plugin hooks (spec/loop.md §3), fired in the order of §2.1. Default: an empty
   * registry. Other session services (sub-agents) run their hooks through the same registry.
   */
  hooks?: HookRegistry;
  /**
   * Turns a hook's model override (`<provider>:<name>`) into a model; without it, or when it
   * resolves `undefined`, the override is reported as `hook_error` and the run keeps `model`.
   */
  resolveModel?: (id: string) => Model | undefined;
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
  /** The persisted session history (what `before_message_write` let through). */
  readonly history: readonly Message[];
  /** The hook registry every run of the session uses. */
  readonly hooks: HookRegistry;
  runTurn(options: TurnOptions): Promise<TurnOutcome>;
  /** Fires `session_end` once, if the session ever started a run; later calls do nothing. */
  end(): Promise<void>;
}

/** The channel scenario runs talk on (hook context `messageProvider`). */
const MESSAGE_PROVIDER = "scenario";

/**
 * One agent session (the main session of a scenario): each turn assembles the system prompt,
 * runs the agent loop, applies the delivery rules, and keeps the transcript for the next turn.
 *
 * Heartbeat turns (spec/loop.md §5): the skip checks run first (`disabled`, `quiet-hours`,
 * `empty-heartbeat-file`); a skip makes no model call, delivers nothing and emits only
 * `heartbeat {status: "skipped", reason}`. After a run, `ok-empty`, `ok-token` and a duplicate
 * alert (same text as the last sent alert, < 24 h ago) deliver nothing and drop the run's
 * messages from the transcript; an alert is delivered and remembered. A run that ends in an
 * error or abort is `failed`, keeps its transcript and delivers nothing.
 *
 * Hooks fire in the order of spec/loop.md §2.1: `message_received` (user turns), `session_start`
 * (first run), `before_model_resolve`, `before_agent_start`, `before_prompt_build`, `llm_input`,
 * the loop's tool and persistence hooks, `agent_end`, `llm_output`, then `message_sending` and
 * `message_sent` around what is delivered. A skipped heartbeat fires none of them.
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const agentId = options.agentId ?? "main";
  const sessionKey = options.sessionKey ?? `agent:${agentId}:main`;
  const history: Message[] = [];
  let lastHeartbeatAlert: LastHeartbeatAlert | undefined;
  const userTimezone = resolveUserTimezone(options.config, options.runtime.timezone);
  const maxAckChars = readPositiveInteger(options.config, "agents.defaults.heartbeat.ackMaxChars", 300);
  const modelName = parseModelId(options.model.id);
  const modelId = modelName.name.replace(/@.*$/, "");
  const allowed = new Set(
    resolveToolNames(
      options.tools.map((tool) => tool.name),
      { config: options.config, agentId, provider: modelName.provider, ...(modelId === "" ? {} : { modelId }) },
    ).names,
  );
  const tools = options.tools.filter((tool) => allowed.has(tool.name));
  const registry = options.hooks ?? createHookRegistry();
  const lifecycle = createSessionLifecycle({
    runtime: options.runtime,
    registry,
    emit: options.emit,
    agentId,
    sessionKey,
    workspaceDir: options.workspaceDir,
    messageProvider: MESSAGE_PROVIDER,
    ...(options.monotonic ? { monotonic: options.monotonic } : {}),
  });
  const skills = createSkillsSession({
    runtime: options.runtime,
    workspaceDir: options.workspaceDir,
    config: options.config,
    agentId,
  });
  return {
    sessionKey,
    history,
    hooks: registry,
    async runTurn({ turn, category, signal }) {
      const runId = options.runtime.newId("run");
      const base = { runId, sessionKey };
      const input = buildTurnInput(turn, { config: options.config, now: options.runtime.now(), userTimezone });
      const isHeartbeat = turn.kind === "heartbeat";
      if (turn.kind === "user") {
        await lifecycle.hooksFor(base).fire("message_received", {
          from: SCENARIO_RECIPIENT,
          content: input.content,
          timestamp: options.runtime.now(),
        });
      }
      if (isHeartbeat) {
        const skip = await runHeartbeatChecks({
          runtime: options.runtime,
          config: options.config,
          workspaceDir: options.workspaceDir,
          userTimezone,
        });
        if (skip !== undefined) {
          options.emit({ ...base, type: "heartbeat", status: "skipped", reason: skip });
          return skippedHeartbeatOutcome(input.content);
        }
      }
      const sessionId = await lifecycle.start(base);
      const hooks = lifecycle.hooksFor(base);
      options.emit({ ...base, type: "agent_start", input: input.content, kind: turn.kind });
      const runStarted = options.monotonic?.();
      const run = await prepareRun({
        runtime: options.runtime,
        hooks,
        emit: options.emit,
        base,
        sessionId,
        prompt: input.content,
        history,
        model: options.model,
        ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
        skills,
        tools,
        config: options.config,
        agentId,
        workspaceDir: options.workspaceDir,
      });
      const outcome = await runAgentLoop({
        runtime: options.runtime,
        model: run.model,
        tools,
        systemPrompt: run.systemPrompt,
        history,
        input: { ...input, content: run.prompt },
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
        hooks,
      });
      const finished = options.monotonic?.();
      await fireRunEndHooks({
        hooks,
        outcome,
        ...run.llm,
        ...(runStarted === undefined || finished === undefined ? {} : { durationMs: finished - runStarted }),
      });
      const settled = await settleTurnDelivery({
        outcome,
        heartbeat: isHeartbeat,
        maxAckChars,
        lastAlert: lastHeartbeatAlert,
        now: options.runtime.now(),
        emit: options.emit,
        base,
        hooks,
      });
      lastHeartbeatAlert = settled.lastAlert;
      const { delivered } = settled;
      if (settled.keepMessages) history.push(...outcome.persisted);
      return {
        input: input.content,
        reply: outcome.reply,
        delivered,
        systemPrompt: run.systemPrompt,
        stopReason: outcome.stopReason,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        usage: outcome.usage,
        costUsd: outcome.costUsd,
        latencyMs: outcome.latencyMs,
      };
    },
    end: () => lifecycle.end(history.length),
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
