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
import { buildRunSystemPrompt } from "../prompt/build-run-system-prompt.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import type { SkillsTurn } from "./create-skills-session.js";
import { createSubagentSpawner, type PendingSubagent } from "./create-subagent-spawner.js";
import type { SubagentLimits } from "./read-subagent-limits.js";
import { type AgentLoopOutcome, runAgentLoop } from "./run-agent-loop.js";

/** What every run of a unit shares: the world, the model, the tools the runtime has. */
export interface SessionRunWorld {
  runtime: Runtime;
  model: Model;
  /** Every tool the runtime has; each session's policy picks what its model is offered. */
  tools: readonly Tool[];
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  scenarioId: string;
  unitId: string;
  repeat: number;
  maxSteps: number;
  emit: EventSink;
  monotonic?: () => number;
  prepareSkills(): Promise<SkillsTurn>;
  /** The sub-agent limits of an agent. */
  subagentLimits(agentId: string): SubagentLimits;
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
}

/** The tools a session's model is offered: the config's policy, plus the sub-agent policy below depth 0. */
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
      },
    ).names,
  );
  return world.tools.filter((tool) => allowed.has(tool.name));
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
  const tools = sessionTools(world, session);
  const name = parseModelId(session.model.id);
  const modelId = name.name.replace(/@.*$/, "");
  emit({ ...base, type: "agent_start", input: request.input.content, kind: request.input.kind ?? "user" });
  const { skillsPrompt, ...skillsEvent } = await world.prepareSkills();
  emit({ ...base, type: "skills_snapshot", ...skillsEvent });
  const prompt = await buildRunSystemPrompt(
    {
      config: world.config,
      agentId: session.agentId,
      sessionKey: session.key,
      workspaceDir: world.workspaceDir,
      provider: name.provider,
      ...(modelId === "" ? {} : { modelId }),
      cwd: world.workspaceDir,
      tools,
      skillsPrompt,
    },
    world.runtime,
  );
  emit({ ...base, type: "prompt_built", systemPrompt: prompt.text, mode: prompt.mode });
  const spawner = createSubagentSpawner({
    limits: world.subagentLimits(session.agentId),
    agentId: session.agentId,
    sessionKey: session.key,
    depth: session.depth,
    newId: world.runtime.newId,
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
    model: session.model,
    tools,
    systemPrompt: prompt.text,
    history: session.history,
    input: request.input,
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
  });
  return { runId, outcome, systemPrompt: prompt.text, children: spawner.pending() };
}
