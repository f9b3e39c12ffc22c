import type { EventSink } from "./events.js";
import type { TextBlock } from "./messages.js";
import type { Runtime } from "./runtime.js";

/** What a tool returns to the model. Tool failures are results with `isError: true`. */
export interface ToolResult {
  content: TextBlock[];
  isError: boolean;
  details?: Record<string, unknown>;
}

export interface ToolContext {
  runtime: Runtime;
  /** Absolute path of the workspace root the tool is jailed to. */
  workspaceDir: string;
  toolCallId: string;
  signal?: AbortSignal;
  /** Names of the tools the run's model is offered; absent = not known (a direct call). */
  toolNames?: readonly string[];
  /** The run's openclaw.json-shaped config (`tools.exec.*`, `agents.defaults.subagents.*`). */
  config?: Readonly<Record<string, unknown>>;
  agentId?: string;
  runId?: string;
  sessionKey?: string;
  /** The run's event stream (`exec_approval`, `subagent`); events carry `runId`/`sessionKey`. */
  emit?: EventSink;
  /** Answers exec approval requests (spec/loop.md §8.2 step 6); absent ⇒ no approver. */
  approver?: ExecApprover;
  /** Starts sub-agent runs for `sessions_spawn` (spec/loop.md §6); absent ⇒ the tool errors. */
  subagents?: SubagentSpawner;
  /** Sends messages for the `message` tool; absent (sub-agents) ⇒ the tool errors. */
  messenger?: Messenger;
  /** The session's memory index for `memory_search` / `memory_get`; absent ⇒ memory is off. */
  memory?: MemoryService;
}

/**
 * The session's memory index as the memory tools reach it (memory.md §7). Both calls resolve
 * the JSON object the tool returns, and never reject: failures are the unavailable result.
 */
export interface MemoryService {
  search(request: { query: string; maxResults?: number; minScore?: number }): Promise<Record<string, unknown>>;
  get(request: { path: string; from?: number; lines?: number }): Promise<Record<string, unknown>>;
}

/** What the `message` tool's send led to. */
export type MessageSendResult =
  | { status: "sent"; channel: string; text: string }
  | { status: "skipped"; reason: string }
  | { status: "error"; error: string };

/** The session's outbound channel, as the `message` tool reaches it. */
export interface Messenger {
  /** `runId`: the run whose tool call sends (events carry it). */
  send(request: { text: string; target?: string; runId?: string }): Promise<MessageSendResult>;
}

/** An approver's answer (spec/loop.md §8.2). */
export type ExecApprovalDecision = "allow-once" | "allow-always" | "deny";

export interface ExecApprovalRequest {
  approvalId: string;
  command: string;
  /** Absolute working directory inside the workspace. */
  workdir: string;
}

/** Resolves `undefined` when nobody answers (the approval times out; `askFallback` applies). */
export type ExecApprover = (request: ExecApprovalRequest) => Promise<ExecApprovalDecision | undefined>;

/** `sessions_spawn` arguments (spec/loop.md §6.1), validated by the tool. */
export interface SubagentSpawnRequest {
  task: string;
  label?: string;
  agentId?: string;
  model?: string;
  runTimeoutSeconds?: number;
  mode?: "run" | "session";
  thread?: boolean;
  cleanup?: "keep" | "delete";
}

export type SubagentSpawnResult =
  | { status: "accepted"; childSessionKey: string; runId: string; mode: "run" | "session"; note: string }
  | { status: "forbidden" | "error"; error: string };

/** The session service behind `sessions_spawn`: checks the limits and queues the child run. */
export interface SubagentSpawner {
  spawn(request: SubagentSpawnRequest): Promise<SubagentSpawnResult>;
}

/** A tool the agent can call. `execute` may throw; the loop turns a throw into an error result. */
export interface Tool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  inputSchema: Record<string, unknown>;
  execute(input: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

export function textResult(text: string, isError = false): ToolResult {
  return { content: [{ type: "text", text }], isError };
}
