import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { MessageOrigin } from "../domain/index.js";
import { OWNER_ORIGIN, parseModelId } from "../domain/index.js";
import type { RecallRunKind } from "../memory/format-recall-block.js";
import { buildGroupChatContext } from "../prompt/build-group-chat-context.js";
import type { SandboxPromptInfo } from "../prompt/system-prompt-input.js";
import { isSandboxedSession } from "../tools/is-sandboxed-session.js";
import { createRunTimer } from "./create-run-timer.js";
import { createSubagentSpawner, type PendingSubagent } from "./create-subagent-spawner.js";
import { SCENARIO_CHANNEL } from "./deliver-reply.js";
import { fireRunEndHooks } from "./fire-run-end-hooks.js";
import { type PreparedRun, prepareRun } from "./prepare-run.js";
import { runAgentLoop } from "./run-agent-loop.js";
import { callContextFor, sessionContextOf, summarizerFor } from "./session-context-steps.js";
import type { SessionRunRequest, SessionRunResult, SessionRunWorld, SessionState } from "./session-run-types.js";
import { toolsFor } from "./session-tools.js";

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
