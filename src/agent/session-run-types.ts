import type {
  ComplianceCategory,
  EventSink,
  MessageOrigin,
  Model,
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
import type { MemoryAccess } from "./create-memory-access.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { RunSteering } from "./create-run-steering.js";
import type { SessionContext } from "./create-session-context.js";
import type { SessionLifecycle } from "./create-session-lifecycle.js";
import type { SkillsTurn } from "./create-skills-session.js";
import type { PendingSubagent } from "./create-subagent-spawner.js";
import type { SubagentLimits } from "./read-subagent-limits.js";
import type { AgentLoopOutcome } from "./run-agent-loop.js";

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
