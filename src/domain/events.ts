import type { AssistantMessage, Message, ToolResultMessage, Usage } from "./messages.js";
import type { ModelError } from "./model.js";
import type { HeartbeatWakeReason } from "./scenario.js";
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
  (
    | { type: "agent_start"; input: string; kind: "user" | "heartbeat" | "system" }
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
    | { type: "message_update"; delta: string }
    | { type: "message_end"; message: Message; usage?: Usage; costUsd?: number | null; latencyMs?: number }
    | { type: "model_error"; error: ModelError; attempt: number }
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
    | { type: "compaction_start"; reason: string }
    | { type: "compaction_end"; summary?: string }
    | { type: "memory_flush"; status: string }
    | { type: "recall_injected"; count: number }
  );

export type AgentEventType = AgentEvent["type"];

export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;

/** Receives events in causal order. Must not throw. */
export type EventSink = (event: AgentEvent) => void;
