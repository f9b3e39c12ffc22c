import type { ComplianceCategory, EventSink, Message, Model, Runtime, Tool, Turn, Usage } from "../domain/index.js";
import { parseModelId } from "../models/create-model.js";
import { buildRunSystemPrompt } from "../prompt/build-run-system-prompt.js";
import { readPositiveInteger } from "../prompt/read-config-value.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import { createSkillsSession } from "./create-skills-session.js";
import { decideDelivery } from "./decide-delivery.js";
import { type LoopStopReason, runAgentLoop } from "./run-agent-loop.js";
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

/**
 * One agent session (the main session of a scenario): each turn assembles the system prompt,
 * runs the agent loop, applies the delivery rules, and keeps the transcript for the next turn.
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const agentId = options.agentId ?? "main";
  const sessionKey = options.sessionKey ?? `agent:${agentId}:main`;
  const history: Message[] = [];
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
      const input = buildTurnInput(turn, options.config);
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
      });
      history.push(...outcome.messages);
      const decision =
        outcome.stopReason === "aborted"
          ? undefined
          : decideDelivery(outcome.reply, {
              mode: turn.kind === "heartbeat" ? "heartbeat" : "message",
              maxAckChars: readPositiveInteger(options.config, "agents.defaults.heartbeat.ackMaxChars", 300),
            });
      if (decision !== undefined) {
        options.emit(
          decision.status === "sent"
            ? { ...base, type: "delivery", status: "sent", text: decision.text }
            : { ...base, type: "delivery", status: "skipped", reason: decision.reason },
        );
      }
      return {
        input: input.content,
        reply: outcome.reply,
        delivered: decision?.status === "sent" ? decision.text : null,
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
