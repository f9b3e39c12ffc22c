import type {
  ComplianceCategory,
  EventSink,
  Message,
  Model,
  Runtime,
  Tool,
  ToolContext,
  Turn,
  UserMessage,
} from "../domain/index.js";
import { parseModelId } from "../models/create-model.js";
import { readConfigValue } from "../prompt/read-config-value.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import type { SandboxPromptInfo } from "../prompt/system-prompt-input.js";
import { isSandboxedSession } from "../tools/is-sandboxed-session.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { SessionLifecycle } from "./create-session-lifecycle.js";
import type { SkillsTurn } from "./create-skills-session.js";
import { createSubagentSpawner, type PendingSubagent } from "./create-subagent-spawner.js";
import { fireRunEndHooks } from "./fire-run-end-hooks.js";
import { prepareRun } from "./prepare-run.js";
import type { SubagentLimits } from "./read-subagent-limits.js";
import { type AgentLoopOutcome, runAgentLoop } from "./run-agent-loop.js";

/** The unit a session belongs to: its world, model, tools and identity. */
export interface UnitSetting {
  runtime: Runtime;
  model: Model;
  /** Every tool the runtime has; each session's policy picks what its model is offered. */
  tools: readonly Tool[];
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  scenarioId: string;
  unitId: string;
  repeat: number;
  /** Maximum model calls per run. */
  maxSteps: number;
  emit: EventSink;
  monotonic?: () => number;
  /**
   * Models by id: a hook's model override (`<provider>:<name>`) and a sub-agent's model. Without
   * it, or when it resolves `undefined`, a hook override is reported as `hook_error` and the run
   * keeps its model; a sub-agent uses its requester's model.
   */
  resolveModel?: (id: string) => Model | undefined;
}

/** What every run of a unit shares: the unit's setting plus session services. */
export interface SessionRunWorld extends UnitSetting {
  prepareSkills(): Promise<SkillsTurn>;
  /** The sub-agent limits of an agent. */
  subagentLimits(agentId: string): SubagentLimits;
  /** The lifecycle (id, `session_start` / `session_end`, hooks) of a new session. */
  lifecycleFor(sessionKey: string, agentId: string): SessionLifecycle;
}

/** One session of the unit: the main session (depth 0) or a sub-agent's (depth ≥ 1). */
export interface SessionState {
  key: string;
  agentId: string;
  depth: number;
  /** Persisted messages of earlier runs. */
  history: Message[];
  /** The model this session's runs call. */
  model: Model;
  /** Session id and `session_start` / `session_end`; runs get their hooks from it. */
  lifecycle: SessionLifecycle;
  /** The tools the session's model is offered ({@link sessionTools}), once its first run resolved them. */
  tools?: Tool[];
}

export interface SessionRunRequest {
  input: UserMessage;
  /** The scenario turn the run belongs to (its script feeds the scripted model). */
  turn: Turn;
  category: ComplianceCategory | undefined;
  signal: AbortSignal | undefined;
  /** Tool services besides the spawner (exec approver, the main session's messenger). */
  services?: Pick<ToolContext, "approver" | "messenger">;
}

export interface SessionRunResult {
  runId: string;
  outcome: AgentLoopOutcome;
  systemPrompt: string;
  /** Children this run's `sessions_spawn` calls accepted, in order. */
  children: readonly PendingSubagent[];
  /** The run's hooks (delivery hooks fire after the run). */
  hooks: RunHooks;
}

/**
 * The tools a session's model is offered: the config's policy, the sandbox policy when the
 * session is sandboxed (spec/loop.md §7.5), and the sub-agent policy below depth 0.
 */
export function sessionTools(world: SessionRunWorld, session: SessionState): Tool[] {
  const name = parseModelId(session.model.id);
  const modelId = name.name.replace(/@.*$/, "");
  const allowed = new Set(
    resolveToolNames(
      world.tools.map((tool) => tool.name),
      {
        config: world.config,
        agentId: session.agentId,
        provider: name.provider,
        ...(modelId === "" ? {} : { modelId }),
        ...(session.depth > 0 ? { subagentDepth: session.depth } : {}),
        sandboxed: isSandboxedSession(world.config, session.agentId, session.key),
      },
    ).names,
  );
  return world.tools.filter((tool) => allowed.has(tool.name));
}

/**
 * What the prompt's Sandbox section says about the emulated container (spec/loop.md §9): the
 * workspace mounted at `/workspace` with `agents.defaults.sandbox.workspaceAccess` (default `none`).
 */
function sandboxPromptInfo(config: Readonly<Record<string, unknown>>, workspaceDir: string): SandboxPromptInfo {
  const access = readConfigValue(config, "agents.defaults.sandbox.workspaceAccess");
  return {
    enabled: true,
    workspaceDir,
    containerWorkspaceDir: "/workspace",
    workspaceAccess: access === "ro" || access === "rw" ? access : "none",
  };
}

/**
 * One run of one session (spec/loop.md §2.1 steps 5–8): skills snapshot, system prompt (its
 * mode follows the session key: `minimal` for sub-agents), then the agent loop with the
 * session's tools and a sub-agent spawner bound to this run. Delivery and history are the
 * caller's business.
 */
export async function runSessionRun(
  world: SessionRunWorld,
  session: SessionState,
  request: SessionRunRequest,
  runId: string = world.runtime.newId("run"),
): Promise<SessionRunResult> {
  const base = { runId, sessionKey: session.key };
  const { emit } = world;
  // The policy depends only on the session (agent, depth, key, model): resolved once per session.
  session.tools ??= sessionTools(world, session);
  const { tools } = session;
  const sessionId = await session.lifecycle.start(base);
  const hooks = session.lifecycle.hooksFor(base);
  emit({ ...base, type: "agent_start", input: request.input.content, kind: request.input.kind ?? "user" });
  const runStarted = world.monotonic?.();
  const run = await prepareRun({
    runtime: world.runtime,
    hooks,
    emit,
    base,
    sessionId,
    prompt: request.input.content,
    history: session.history,
    model: session.model,
    ...(world.resolveModel ? { resolveModel: world.resolveModel } : {}),
    skills: { prepareTurn: world.prepareSkills },
    tools,
    config: world.config,
    agentId: session.agentId,
    workspaceDir: world.workspaceDir,
    ...(isSandboxedSession(world.config, session.agentId, session.key)
      ? { sandbox: sandboxPromptInfo(world.config, world.workspaceDir) }
      : {}),
  });
  const spawner = createSubagentSpawner({
    limits: world.subagentLimits(session.agentId),
    agentId: session.agentId,
    sessionKey: session.key,
    depth: session.depth,
    newId: world.runtime.newId,
    hooks,
    onSpawned: (child) =>
      emit({
        ...base,
        type: "subagent",
        phase: "spawned",
        childSessionKey: child.childSessionKey,
        task: child.request.task,
        depth: child.depth,
        ...(child.request.label === undefined ? {} : { label: child.request.label }),
      }),
  });
  const outcome = await runAgentLoop({
    runtime: world.runtime,
    model: run.model,
    tools,
    systemPrompt: run.systemPrompt,
    history: session.history,
    input: { ...request.input, content: run.prompt },
    callContext: {
      scenarioId: world.scenarioId,
      unitId: world.unitId,
      turnIndex: request.turn.index,
      turnKind: request.turn.kind,
      repeat: world.repeat,
      script: request.turn.script,
      category: request.category,
      input: request.input.content,
      sessionKey: session.key,
    },
    workspaceDir: world.workspaceDir,
    maxSteps: world.maxSteps,
    emit,
    runId,
    ...(request.signal ? { signal: request.signal } : {}),
    ...(world.monotonic ? { monotonic: world.monotonic } : {}),
    services: { ...request.services, config: world.config, agentId: session.agentId, subagents: spawner },
    hooks,
  });
  const finished = world.monotonic?.();
  await fireRunEndHooks({
    hooks,
    outcome,
    ...run.llm,
    ...(runStarted === undefined || finished === undefined ? {} : { durationMs: finished - runStarted }),
  });
  return { runId, outcome, systemPrompt: run.systemPrompt, children: spawner.pending(), hooks };
}
