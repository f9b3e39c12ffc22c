import type { AssistantMessage, Message, Usage } from "./messages.js";
import type { ToolResult } from "./tool.js";

/**
 * Plugin hooks (spec/loop.md §3): names, kinds, event payloads, results and the context
 * argument. The registry that runs them lives in `agent/create-hook-registry.ts`.
 */

/** How a hook runs (spec/loop.md §3.2). */
export type HookKind = "void" | "modifying" | "sync";

/** Every hook of the spec/loop.md §3.1 table, with its kind. */
export const HOOK_KINDS = {
  before_model_resolve: "modifying",
  before_prompt_build: "modifying",
  before_agent_start: "modifying",
  llm_input: "void",
  llm_output: "void",
  agent_end: "void",
  before_compaction: "void",
  after_compaction: "void",
  before_reset: "void",
  message_received: "void",
  message_sending: "modifying",
  message_sent: "void",
  before_tool_call: "modifying",
  after_tool_call: "void",
  tool_result_persist: "sync",
  before_message_write: "sync",
  session_start: "void",
  session_end: "void",
  subagent_spawning: "modifying",
  subagent_delivery_target: "modifying",
  subagent_spawned: "void",
  subagent_ended: "void",
  gateway_start: "void",
  gateway_stop: "void",
} as const satisfies Record<string, HookKind>;

export type HookName = keyof typeof HOOK_KINDS;

/** Hook names in table order. */
export const HOOK_NAMES = Object.keys(HOOK_KINDS) as HookName[];

export type HookNameOfKind<Kind extends HookKind> = {
  [K in HookName]: (typeof HOOK_KINDS)[K] extends Kind ? K : never;
}[HookName];

export type VoidHookName = HookNameOfKind<"void">;
export type ModifyingHookName = HookNameOfKind<"modifying">;
export type SyncHookName = HookNameOfKind<"sync">;

export function isHookName(name: string): name is HookName {
  return Object.hasOwn(HOOK_KINDS, name);
}

/** Second argument of every handler (spec/loop.md §3.1). */
export interface HookContext {
  agentId?: string;
  sessionKey?: string;
  sessionId?: string;
  workspaceDir?: string;
  /** The channel the run talks on (`scenario` in scenario runs). */
  messageProvider?: string;
}

/** Context of the tool hooks (`before_tool_call`, `after_tool_call`, `tool_result_persist`). */
export interface ToolHookContext extends HookContext {
  toolName: string;
  runId?: string;
  toolCallId?: string;
}

/** Who asked for a sub-agent and what it is (spec/loop.md §6). */
export interface SubagentHookInfo {
  childSessionKey: string;
  requesterSessionKey: string;
  agentId?: string;
  label?: string;
  task?: string;
  mode?: "run" | "session";
  runId?: string;
}

/** Event payload of each hook (first handler argument). */
export interface HookEventMap {
  before_model_resolve: { prompt: string };
  before_prompt_build: { prompt: string; messages: readonly Message[] };
  before_agent_start: { prompt: string; messages?: readonly Message[] };
  llm_input: {
    runId: string;
    sessionId: string;
    provider: string;
    model: string;
    systemPrompt: string;
    prompt: string;
    historyMessages: readonly Message[];
    imagesCount: number;
  };
  llm_output: {
    runId: string;
    sessionId: string;
    provider: string;
    model: string;
    assistantTexts: string[];
    lastAssistant?: AssistantMessage;
    usage: Usage;
  };
  /** `durationMs`: run time in ms from the injected monotonic clock, when there is one. */
  agent_end: { messages: readonly Message[]; success: boolean; error?: string; durationMs?: number };
  before_compaction: {
    messageCount: number;
    compactingCount: number;
    messages: readonly Message[];
    sessionFile?: string;
  };
  after_compaction: { messageCount: number; tokenCount: number; compactedCount: number; sessionFile?: string };
  before_reset: { sessionFile?: string; messages?: readonly Message[]; reason?: string };
  message_received: { from: string; content: string; timestamp?: number; metadata?: Record<string, unknown> };
  message_sending: { to: string; content: string; metadata?: Record<string, unknown> };
  message_sent: { to: string; content: string; success: boolean; error?: string };
  before_tool_call: { toolName: string; params: Record<string, unknown>; runId?: string; toolCallId?: string };
  after_tool_call: {
    toolName: string;
    params: Record<string, unknown>;
    runId?: string;
    toolCallId?: string;
    result?: ToolResult;
    error?: string;
    /** ms, from the injected monotonic clock. */
    durationMs?: number;
  };
  tool_result_persist: { toolName?: string; toolCallId?: string; message: Message; isSynthetic?: boolean };
  before_message_write: { message: Message; sessionKey?: string; agentId?: string };
  session_start: { sessionId: string; sessionKey?: string; resumedFrom?: string };
  /** `durationMs`: session lifetime in ms from the injected monotonic clock, when there is one. */
  session_end: { sessionId: string; sessionKey?: string; messageCount: number; durationMs?: number };
  subagent_spawning: SubagentHookInfo;
  subagent_delivery_target: SubagentHookInfo;
  subagent_spawned: SubagentHookInfo;
  subagent_ended: SubagentHookInfo & { outcome?: "ok" | "error" | "timeout" | "killed"; error?: string };
  gateway_start: { port: number };
  gateway_stop: { reason?: string };
}

/** What a handler may return. Void hooks' results are ignored. */
export interface HookResultMap {
  before_model_resolve: { modelOverride?: string; providerOverride?: string };
  before_prompt_build: { systemPrompt?: string; prependContext?: string };
  before_agent_start: HookResultMap["before_model_resolve"] & HookResultMap["before_prompt_build"];
  llm_input: undefined;
  llm_output: undefined;
  agent_end: undefined;
  before_compaction: undefined;
  after_compaction: undefined;
  before_reset: undefined;
  message_received: undefined;
  message_sending: { content?: string; cancel?: boolean };
  message_sent: undefined;
  before_tool_call: { params?: Record<string, unknown>; block?: boolean; blockReason?: string };
  after_tool_call: undefined;
  tool_result_persist: { message?: Message };
  before_message_write: { block?: boolean; message?: Message };
  session_start: undefined;
  session_end: undefined;
  subagent_spawning: { status?: "ok" | "error"; error?: string; threadBindingReady?: boolean };
  subagent_delivery_target: { origin?: { channel?: string; to?: string; accountId?: string; threadId?: string } };
  subagent_spawned: undefined;
  subagent_ended: undefined;
  gateway_start: undefined;
  gateway_stop: undefined;
}

export type HookEvent<K extends HookName> = HookEventMap[K];
export type HookResult<K extends HookName> = HookResultMap[K];

/** Hooks whose context argument carries the tool fields. */
export type ToolHookName = "before_tool_call" | "after_tool_call" | "tool_result_persist";

/** The context argument of a hook: tool hooks get the tool fields too. */
export type HookContextOf<K extends HookName> = K extends ToolHookName ? ToolHookContext : HookContext;

/**
 * A handler. Void and modifying handlers may be async; sync handlers
 * (`tool_result_persist`, `before_message_write`) must return synchronously (a returned
 * Promise is ignored with a warning). Returning nothing changes nothing.
 */
export type HookHandler<K extends HookName> = (
  event: HookEvent<K>,
  context: HookContextOf<K>,
) => K extends SyncHookName
  ? HookResult<K> | undefined
  : HookResult<K> | undefined | Promise<HookResult<K> | undefined> | Promise<void>;

export interface HookRegistration {
  /** Who registered the handler; named in log lines and events. */
  pluginId: string;
  /** Higher runs first (default 0); equal priorities run in registration order. */
  priority?: number;
}

/**
 * What a hook module's `register` function receives: `on` adds a handler for one hook, typed by
 * the hook's name (its event, context and result). The runner checks the same rules at run time
 * for plain JavaScript modules.
 */
export interface HookApi {
  /** The plugin id: the module's `id` export (or `id` of its default object), else its file name without the extension. */
  readonly id: string;
  /** Registers `handler` for `hookName`; higher `priority` runs first (default 0). */
  on<K extends HookName>(hookName: K, handler: HookHandler<K>, options?: { priority?: number }): void;
}

/** The default export of a hook module: a `register` function, or an object with `register` and an optional `id`. */
export type HookModule =
  | ((api: HookApi) => void | Promise<void>)
  | { id?: string; register(api: HookApi): void | Promise<void> };
