import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveGroupToolPolicy } from "../config/resolve-group-tool-policy.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { isOverCompactionThreshold } from "../context/is-context-overflow.js";
import type { Summarize } from "../context/summarize-in-stages.js";
import type {
  ComplianceCategory,
  EventSink,
  MessageOrigin,
  Model,
  ModelCallContext,
  ModelCallPurpose,
  Runtime,
  ScriptStep,
  Tool,
  ToolContext,
  TranscriptEntry,
  Turn,
  Usage,
  UserMessage,
} from "../domain/index.js";
import { OWNER_ORIGIN, parseModelId } from "../domain/index.js";
import type { RecallRunKind } from "../memory/format-recall-block.js";
import { buildGroupChatContext } from "../prompt/build-group-chat-context.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import type { SandboxPromptInfo } from "../prompt/system-prompt-input.js";
import { TOOL_GROUPS } from "../prompt/tool-catalog.js";
import { isSandboxedSession } from "../tools/is-sandboxed-session.js";
import type { MemoryAccess } from "./create-memory-access.js";
import { createModelSummarizer } from "./create-model-summarizer.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { RunSteering } from "./create-run-steering.js";
import { createRunTimer } from "./create-run-timer.js";
import { createSessionContext, type SessionContext } from "./create-session-context.js";
import type { SessionLifecycle } from "./create-session-lifecycle.js";
import type { SkillsTurn } from "./create-skills-session.js";
import { createSubagentSpawner, type PendingSubagent } from "./create-subagent-spawner.js";
import { SCENARIO_CHANNEL } from "./deliver-reply.js";
import { fireRunEndHooks } from "./fire-run-end-hooks.js";
import { loadWorkspaceRules } from "./load-workspace-rules.js";
import { type PreparedRun, prepareRun } from "./prepare-run.js";
import type { SubagentLimits } from "./read-subagent-limits.js";
import { resolveSessionContextSettings } from "./resolve-session-context-settings.js";
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
  /** The scenario's `summaries:` (what the scripted model answers to compaction calls). */
  summaries?: readonly ScriptStep[];
  /** The context window of every model of the unit, tokens (a scenario's `contextWindow:`). */
  contextWindow?: number;
  /**
   * Stream the replies of the main session's turn runs (`message_update` events through the
   * streaming prefix guard); sub-agent and memory flush runs, which deliver nothing, never
   * stream. Default false.
   */
  stream?: boolean;
}

/** What every run of a unit shares: the unit's setting plus session services. */
export interface SessionRunWorld extends UnitSetting {
  prepareSkills(): Promise<SkillsTurn>;
  /** The sub-agent limits of an agent. */
  subagentLimits(agentId: string): SubagentLimits;
  /** The lifecycle (id, `session_start` / `session_end`, hooks) of a new session. */
  lifecycleFor(sessionKey: string, agentId: string): SessionLifecycle;
  /** Records a session of the unit (main or sub-agent), so its transcript reaches the results. */
  trackSession(session: SessionState): void;
  /** Sees the usage and cost of every compaction summary call, for the turn's totals. */
  onSummaryUsage?: (usage: Usage, costUsd: number | null) => void;
  /** The memory of an agent (index, tools' service, recall); one per agent for the unit. */
  memoryFor(agentId: string): MemoryAccess;
}

/** One session of the unit: the main session (depth 0) or a sub-agent's (depth ≥ 1). */
export interface SessionState {
  key: string;
  agentId: string;
  depth: number;
  /** The session's transcript and context step, created by its first run. */
  context?: SessionContext;
  /** Entries the session's transcript starts from (a scenario's `session:` file). */
  preload?: readonly TranscriptEntry[];
  /** The model this session's runs call. */
  model: Model;
  /** Session id and `session_start` / `session_end`; runs get their hooks from it. */
  lifecycle: SessionLifecycle;
  /**
   * The tools the session's model is offered ({@link sessionTools}), resolved once per kind of
   * message origin (see {@link originPolicyKey}): a non-owner sender never gets the owner's set.
   */
  toolsByOrigin?: Map<string, Tool[]>;
}

export interface SessionRunRequest {
  input: UserMessage;
  /** The scenario turn the run belongs to (its script feeds the scripted model). */
  turn: Turn;
  category: ComplianceCategory | undefined;
  signal: AbortSignal | undefined;
  /** Tool services besides the spawner (exec approver, the main session's messenger). */
  services?: Pick<ToolContext, "approver" | "messenger">;
  /** What the run's model calls are for; default `turn` (`memory_flush` for the flush run). */
  purpose?: ModelCallPurpose;
  /** Where the message comes from (default: the owner, direct chat). */
  origin?: MessageOrigin;
  /** The model of this run instead of the session's: a heartbeat's `heartbeat.model` (spec/loop.md §5.1). */
  model?: Model;
  /** Messages steered into the run while its loop is open (spec/loop.md §2.2). */
  steering?: RunSteering;
  /**
   * The run's time limit on the unit's clock, ms (`agents.defaults.timeoutSeconds` for the main
   * session, a child's `runTimeoutSeconds`); absent or 0 = none. A timeout emits `run_timeout`
   * and aborts the loop (`stopReason: "aborted"`).
   */
  timeoutMs?: number;
  /** Names the setting of `timeoutMs` in the stop text; default `agents.defaults.timeoutSeconds`. */
  timeoutLabel?: string;
  /** Called for each child the run's `sessions_spawn` calls accept, as soon as it is accepted. */
  onSpawned?: (child: PendingSubagent) => void;
  /** Appended to the system prompt's extra section (the memory flush's system prompt). */
  extraSystemPrompt?: string;
}

export interface SessionRunResult {
  runId: string;
  outcome: AgentLoopOutcome;
  systemPrompt: string;
  /** Children this run's `sessions_spawn` calls accepted, in order. */
  children: readonly PendingSubagent[];
  /** The run's hooks (delivery hooks fire after the run). */
  hooks: RunHooks;
  /** The session's transcript leaf before the run: dropping back to it forgets the run. */
  mark: string | null;
}

/**
 * The tools a session's model is offered for a message from `origin` (default: the owner in a
 * direct chat): owner-only tools removed for a non-owner sender, the config's policy, the group
 * policy of a group or channel chat (`channels.<ch>.groups`, spec/loop.md §7.3 layer 7), the
 * sandbox policy when the session is sandboxed (§7.5), and the sub-agent policy below depth 0.
 */
export function sessionTools(
  world: SessionRunWorld,
  session: SessionState,
  origin: MessageOrigin = OWNER_ORIGIN,
): Tool[] {
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
        senderIsOwner: origin.owner,
        ...groupPolicyOf(world.config, origin),
      },
    ).names,
  );
  // The memory tools exist only while memory search is enabled for the agent (memory.md §7).
  const memory = world.memoryFor(session.agentId).enabled;
  return world.tools.filter((tool) => allowed.has(tool.name) && (memory || !MEMORY_TOOLS.has(tool.name)));
}

const MEMORY_TOOLS: ReadonlySet<string> = new Set(TOOL_GROUPS["group:memory"]);

/** The group policy layer of a group or channel chat; nothing for a direct chat. */
function groupPolicyOf(config: Readonly<Record<string, unknown>>, origin: MessageOrigin) {
  if (origin.chat === "direct" || origin.id === undefined) return {};
  const query = { channel: origin.channel, groupId: origin.id, sender: origin.sender };
  const groupPolicy = resolveGroupToolPolicy(resolveOpenClawConfig(config), query);
  return groupPolicy === undefined ? {} : { groupPolicy };
}

/**
 * What the tool policy of a message depends on besides its session: the chat, the sender and
 * whether the sender is the owner. Messages with equal keys get the same tools.
 */
export function originPolicyKey(origin: MessageOrigin): string {
  const sender = origin.chat === "direct" ? "" : origin.sender.trim().toLowerCase();
  return JSON.stringify([origin.chat, origin.channel.trim().toLowerCase(), origin.id ?? "", sender, origin.owner]);
}

/** The session's tools for `origin`, resolved on first use and kept for later runs. */
function toolsFor(world: SessionRunWorld, session: SessionState, origin: MessageOrigin): Tool[] {
  session.toolsByOrigin ??= new Map();
  const key = originPolicyKey(origin);
  const cached = session.toolsByOrigin.get(key);
  if (cached !== undefined) return cached;
  const tools = sessionTools(world, session, origin);
  session.toolsByOrigin.set(key, tools);
  return tools;
}

/**
 * The system prompt's extra section of a run: a group or channel chat's context, then the run's
 * own extra text (the memory flush's instructions), a blank line apart.
 */
function extraPromptOf(request: SessionRunRequest, origin: MessageOrigin): string | undefined {
  const parts = [buildGroupChatContext(origin), request.extraSystemPrompt].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join("\n\n");
}

/** The channel the runtime line names: none for the synthetic scenario channel. */
function promptChannelOf(origin: MessageOrigin): string | undefined {
  return origin.channel.trim().toLowerCase() === SCENARIO_CHANNEL ? undefined : origin.channel;
}

/** What passive recall sees a run as (memory.md §8): only user-initiated runs recall. */
function recallRunKind(request: SessionRunRequest): RecallRunKind {
  if (request.purpose === "memory_flush") return "memory-flush";
  if (request.input.kind === "heartbeat") return "heartbeat";
  if (request.input.kind === "system") return "cron";
  return "user";
}

/**
 * What the prompt's Sandbox section says about the emulated container (spec/loop.md §9): the
 * workspace mounted at `/workspace` with the agent's `sandbox.workspaceAccess` (over the defaults', default `none`).
 */
function sandboxPromptInfo(
  config: Readonly<Record<string, unknown>>,
  agentId: string,
  workspaceDir: string,
): SandboxPromptInfo {
  const { workspaceAccess } = resolveAgentConfig(resolveOpenClawConfig(config), agentId).sandbox;
  return { enabled: true, workspaceDir, containerWorkspaceDir: "/workspace", workspaceAccess };
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
  const origin = request.origin ?? OWNER_ORIGIN;
  // The policy depends on the session (agent, depth, key, model) and on who sent the message.
  const tools = toolsFor(world, session, origin);
  const sessionId = await session.lifecycle.start(base);
  const hooks = session.lifecycle.hooksFor(base);
  const context = sessionContextOf(world, session, sessionId);
  const history = context.messages();
  const mark = context.mark();
  const compactionsAtStart = context.transcript.compactionCount;
  const callContext = callContextFor(world, session, request);
  // Only runs that can reach the user stream: the main session's own turn runs.
  const stream = world.stream === true && session.depth === 0 && (request.purpose ?? "turn") === "turn";
  emit({
    ...base,
    type: "agent_start",
    input: request.input.content,
    kind: request.input.kind ?? "user",
    ...(stream ? { stream: true } : {}),
  });
  const runStarted = world.monotonic?.();
  const extraPrompt = extraPromptOf(request, origin);
  const channel = promptChannelOf(origin);
  // The run timeout covers the run from here to the end of its loop, hooks included.
  const timer = createRunTimer({
    runtime: world.runtime,
    timeoutMs: request.timeoutMs ?? 0,
    parent: request.signal,
    label: request.timeoutLabel ?? "agents.defaults.timeoutSeconds",
    onTimeout: () => emit({ ...base, type: "run_timeout", timeoutMs: request.timeoutMs ?? 0 }),
  });
  // Hook calls of the run stop waiting for their handlers once the run stops (its timeout, an
  // interrupt); the run-end and delivery hooks that follow use `hooks`, which has no such limit.
  const runHooks = timer.signal === undefined ? hooks : session.lifecycle.hooksFor(base, timer.signal);
  const prepared = prepareRun({
    runtime: world.runtime,
    hooks: runHooks,
    emit,
    base,
    sessionId,
    prompt: request.input.content,
    history,
    model: request.model ?? session.model,
    ...(world.resolveModel ? { resolveModel: world.resolveModel } : {}),
    skills: { prepareTurn: world.prepareSkills },
    tools,
    config: world.config,
    agentId: session.agentId,
    workspaceDir: world.workspaceDir,
    ...(isSandboxedSession(world.config, session.agentId, session.key)
      ? { sandbox: sandboxPromptInfo(world.config, session.agentId, world.workspaceDir) }
      : {}),
    ...(extraPrompt === undefined ? {} : { extraSystemPrompt: extraPrompt }),
    ...(channel === undefined ? {} : { channel }),
  });
  // A prompt hook cut off by the run's own stop: the loop then ends at once as aborted.
  const run = await prepared.catch((error: unknown) => {
    if (timer.signal?.aborted !== true || request.signal?.aborted === true) throw error;
    return abandonedRun(session, request, base, sessionId);
  });
  const spawner = createSubagentSpawner({
    limits: world.subagentLimits(session.agentId),
    agentId: session.agentId,
    sessionKey: session.key,
    depth: session.depth,
    newId: world.runtime.newId,
    hooks: runHooks,
    onSpawned: (child) => {
      emitSpawned(child);
      request.onSpawned?.(child);
    },
  });
  const emitSpawned = (child: PendingSubagent) =>
    emit({
      ...base,
      type: "subagent",
      phase: "spawned",
      childSessionKey: child.childSessionKey,
      task: child.request.task,
      depth: child.depth,
      ...(child.request.label === undefined ? {} : { label: child.request.label }),
    });
  const memory = world.memoryFor(session.agentId);
  const recalled = await memory.recall({
    sessionKey: session.key,
    prompt: request.input.content,
    runKind: recallRunKind(request),
  });
  if (recalled !== undefined) {
    emit({ ...base, type: "recall_injected", count: recalled.count, citations: recalled.citations });
  }
  const memoryService = memory.serviceFor(session.key);
  const outcome = await runAgentLoop({
    runtime: world.runtime,
    model: run.model,
    tools,
    systemPrompt: run.systemPrompt,
    context,
    summarize: summarizerFor(world, session, { ...callContext, purpose: "compaction" }, run.model),
    input: { ...request.input, content: recalled === undefined ? run.prompt : `${recalled.block}\n\n${run.prompt}` },
    callContext: {
      ...callContext,
      ...(request.purpose === undefined ? {} : { purpose: request.purpose }),
    },
    workspaceDir: world.workspaceDir,
    maxSteps: world.maxSteps,
    emit,
    runId,
    ...(timer.signal ? { signal: timer.signal } : {}),
    ...(request.steering ? { steering: request.steering } : {}),
    ...(world.monotonic ? { monotonic: world.monotonic } : {}),
    services: {
      ...request.services,
      config: world.config,
      agentId: session.agentId,
      subagents: spawner,
      ...(memoryService === undefined ? {} : { memory: memoryService }),
    },
    hooks: runHooks,
    ...(stream ? { stream: true } : {}),
  });
  timer.stop();
  const compacted = context.transcript.compactionCount !== compactionsAtStart;
  if (context.settings.cacheTtl !== undefined && outcome.error === undefined && !compacted) {
    await context.touchCache({ provider: run.llm.provider, modelId: run.llm.model });
  }
  const finished = world.monotonic?.();
  await fireRunEndHooks({
    hooks,
    outcome,
    ...run.llm,
    ...(runStarted === undefined || finished === undefined ? {} : { durationMs: finished - runStarted }),
  });
  return { runId, outcome, systemPrompt: run.systemPrompt, children: spawner.pending(), hooks, mark };
}

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
function sessionContextOf(world: SessionRunWorld, session: SessionState, sessionId: string): SessionContext {
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

/**
 * What a run prepares when its prompt hooks were cut off by its own stop (a run timeout, an
 * interrupt): the session's model and the message as sent, with no system prompt. The loop
 * ends at once as aborted.
 */
function abandonedRun(
  session: SessionState,
  request: SessionRunRequest,
  base: { runId: string },
  sessionId: string,
): PreparedRun {
  const model = request.model ?? session.model;
  const name = parseModelId(model.id);
  return {
    model,
    systemPrompt: "",
    prompt: request.input.content,
    llm: { runId: base.runId, sessionId, provider: name.provider, model: name.name },
  };
}
