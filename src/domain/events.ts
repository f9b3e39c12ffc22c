import type { CompactionAudit, CompactionTrigger, PruneMechanism } from "./compaction.js";
import type { AssistantMessage, Message, ToolResultMessage, Usage } from "./messages.js";
import type { ModelError } from "./model.js";
import type { FaultKind, HeartbeatWakeReason } from "./scenario.js";
import type { ToolResult } from "./tool.js";

interface EventBase {
  runId: string;
  sessionKey: string;
}

/**
 * The one typed event stream of the agent loop (spec/loop.md §2.4), noun first.
 * Every event is JSON-serialisable; reporters, expectations and tests consume it.
 */
export type AgentEvent = EventBase &
  /** `stream`: the run streams its replies (`message_update` events, possibly none if all was held back). */
  (
    | { type: "agent_start"; input: string; kind: "user" | "heartbeat" | "system"; stream?: true }
    | { type: "prompt_built"; systemPrompt: string; mode: "full" | "minimal" | "none" }
    | {
        type: "skills_snapshot";
        /** Snapshot version the turn used, and whether it reused the session's snapshot. */
        version: number;
        reused: boolean;
        eligible: string[];
        excluded: { name: string; reason: string }[];
        included: string[];
        dropped: { name: string; reason: string }[];
        truncated: boolean;
        promptChars: number;
      }
    | { type: "turn_start"; step: number }
    | { type: "message_start"; role: "assistant" }
    /**
     * Streamed reply text released to the user (spec/loop.md §2.4): `delta` is what the streaming
     * prefix guard let through, so it never holds a partial silent token still being typed.
     */
    | { type: "message_update"; delta: string }
    | { type: "message_end"; message: Message; usage?: Usage; costUsd?: number | null; latencyMs?: number }
    | { type: "model_error"; error: ModelError; attempt: number }
    /** The harness injected a fault (`--faults` or the scenario's `faults`) into a model call; `attempt` is 1-based. */
    | { type: "fault_injected"; kind: FaultKind; attempt: number }
    | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: Record<string, unknown> }
    | { type: "tool_execution_update"; toolCallId: string; toolName: string; partial: string }
    | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: ToolResult; isError: boolean }
    | { type: "turn_end"; message: AssistantMessage; toolResults: ToolResultMessage[] }
    | { type: "agent_end"; messages: Message[]; success: boolean; error?: string; stopReason: string }
    | {
        type: "delivery";
        status: "sent" | "skipped";
        reason?: string;
        text?: string;
        /** `message`: sent by the `message` tool during the run, not as the run's reply. */
        via?: "message";
        /** Where it went (`whatsapp:group:family`); absent = the owner's direct chat on the scenario channel. */
        to?: string;
      }
    | {
        type: "heartbeat";
        status: string;
        /** Why a heartbeat was skipped or failed. */
        reason?: string;
        preview?: string;
        /** Run time, ms. */
        durationMs?: number;
        /** Set when the turn names a wake reason (`heartbeat: { reason }`); absent means `interval`. */
        wakeReason?: HeartbeatWakeReason;
      }
    | { type: "hook_error"; hook: string; pluginId: string; message: string }
    | { type: "hook_called"; hook: string; pluginId: string }
    | {
        type: "subagent";
        phase: "spawned" | "ended" | "announced";
        childSessionKey: string;
        /** `ended`: ok, error, timeout or unknown (spec/loop.md §6.3). */
        status?: string;
        /** `spawned`: the task and its label, as the parent asked. */
        task?: string;
        label?: string;
        /** `spawned`: the child's depth. */
        depth?: number;
      }
    /** A handler broke a hook's contract without failing (a sync hook returned a Promise). */
    | { type: "hook_warning"; hook: string; pluginId: string; message: string }
    /** A `before_tool_call` handler blocked the call; the tool did not run. */
    | { type: "tool_blocked"; toolCallId: string; toolName: string; reason: string; pluginId: string }
    | { type: "exec_approval"; phase: "requested" | "decided"; approvalId: string; decision?: string }
    /** A compaction begins (context.md §5.6); `trigger` is what asked for it (§4.2). */
    | { type: "compaction_start"; trigger: CompactionTrigger }
    /**
     * A compaction ended (context.md §5.6). `ok: false` is a failure, `compacted: false` with
     * `ok: true` a no-op; either way `reason` says why. `summary` and `firstKeptEntryId` are set
     * when an entry was written.
     */
    | {
        type: "compaction_end";
        trigger: CompactionTrigger;
        ok: boolean;
        compacted: boolean;
        reason?: string;
        tokensBefore: number;
        tokensAfter?: number;
        summary?: string;
        firstKeptEntryId?: string;
      }
    /** The harness's measures of one written compaction (context.md §8.1–§8.3). */
    | ({ type: "compaction_audit" } & CompactionAudit)
    /** Tool results the context pipeline shortened or removed (context.md §6). */
    | {
        type: "context_pruned";
        mechanism: PruneMechanism;
        /** `toolCallId`s of the affected tool results, oldest first. */
        toolCallIds: string[];
        /** The tool name of each entry of `toolCallIds`, in the same order (absent in older results). */
        toolNames?: string[];
      }
    /** What one model call was sent, after repair, pruning and the guard (context.md §2.2). */
    | { type: "context_assembled"; step: number; messageCount: number; estimatedTokens: number; chars: number }
    /**
     * A memory flush run ended (memory.md §9.1). `target`, `changes` and `sessionId` are absent in
     * results written before the flush's writes were recorded.
     */
    | {
        type: "memory_flush";
        status: string;
        /** `memory/<today>.md` (today in the user's time zone): the one file the flush may create or append to. */
        target?: string;
        /** Workspace files whose bytes the flush run changed, sorted by path. */
        changes?: WorkspaceFileChange[];
        /** The transcript the flush ran in (`/new` and `/reset` start another, with its own compaction cycles). */
        sessionId?: string;
      }
    /** `/new` or `/reset` saved the closing session to a memory note (memory.md §9.3). */
    | { type: "memory_snapshot"; path: string; status: "written" | "failed"; error?: string }
    /**
     * A message reached a busy session and followed `messages.queue.mode` (spec/loop.md §1):
     * `queued` (a follow-up run of its own), `collected` (gathered into one follow-up run),
     * `steered` (injected into the running loop at its next turn boundary), `interrupted` (the
     * running run was aborted for it), `dropped` (over the queue cap; `summarized` when the drop
     * policy keeps a summary line), `started` (its follow-up run begins; `turnIndexes` lists every
     * message the run carries), `skipped-tools` (steering skipped the rest of a tool batch).
     */
    | {
        type: "queue";
        action: QueueAction;
        mode: QueueMode;
        /** The scenario turn whose message this is. */
        turnIndex: number;
        turnIndexes?: number[];
        /** The run the message was steered into or interrupted. */
        targetRunId?: string;
      }
    /** The run passed `agents.defaults.timeoutSeconds` and was aborted (spec/loop.md §2.1). */
    | { type: "run_timeout"; timeoutMs: number }
    /** Passive recall prepended notes to the user's message (memory.md §8); `citations` as `path#Lx-Ly`. */
    | { type: "recall_injected"; count: number; citations?: string[] }
  );

/** `messages.queue.mode` (spec/loop.md §1). */
export type QueueMode = "collect" | "followup" | "steer" | "steer-backlog" | "interrupt";

export type QueueAction =
  | "queued"
  | "collected"
  | "steered"
  | "interrupted"
  | "dropped"
  | "summarized"
  | "started"
  | "skipped-tools";

/** One workspace file a run changed. Paths are workspace-relative with `/` separators. */
export interface WorkspaceFileChange {
  path: string;
  change: "created" | "modified" | "deleted";
  /** `modified` only, when the earlier bytes were kept: whether they are still an exact prefix. */
  prefixKept?: boolean;
}

export type AgentEventType = AgentEvent["type"];

/**
 * Every `AgentEvent` type, in the union's order: the one runtime list of them (the `event`
 * expectation validates its `type` against it). A type test keeps it equal to `AgentEventType`.
 */
export const AGENT_EVENT_TYPES = [
  "agent_start",
  "prompt_built",
  "skills_snapshot",
  "turn_start",
  "message_start",
  "message_update",
  "message_end",
  "model_error",
  "fault_injected",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "turn_end",
  "agent_end",
  "delivery",
  "heartbeat",
  "hook_error",
  "hook_called",
  "subagent",
  "hook_warning",
  "tool_blocked",
  "exec_approval",
  "compaction_start",
  "compaction_end",
  "compaction_audit",
  "context_pruned",
  "context_assembled",
  "memory_flush",
  "memory_snapshot",
  "queue",
  "run_timeout",
  "recall_injected",
] as const satisfies readonly AgentEventType[];

export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;

/** Receives events in causal order. Must not throw. */
export type EventSink = (event: AgentEvent) => void;
