import { formatContextOverflowError, isContextOverflowText } from "../context/is-context-overflow.js";
import type { Summarize } from "../context/summarize-in-stages.js";
import type {
  AssistantMessage,
  EventSink,
  Message,
  Model,
  ModelCallContext,
  ModelResponse,
  Runtime,
  Tool,
  ToolResultMessage,
  Usage,
  UserMessage,
} from "../domain/index.js";
import { addUsage, assistantText, toolCallsOf, ZERO_USAGE } from "../domain/index.js";
import { usageTotal } from "../platform/estimate-tokens.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { SessionContext } from "./create-session-context.js";
import { executeToolCall, type ToolServices } from "./execute-tool-call.js";

export interface AgentLoopOptions {
  runtime: Runtime;
  model: Model;
  /** Policy-filtered tools offered to the model. */
  tools: readonly Tool[];
  systemPrompt: string;
  /** The session's history and context step; every message of the run is written through it. */
  context: SessionContext;
  /** Summarises for overflow-recovery compactions (context.md §4.2 item 2). */
  summarize: Summarize;
  input: UserMessage;
  callContext: ModelCallContext;
  workspaceDir: string;
  /** Maximum model calls in this run. */
  maxSteps: number;
  emit: EventSink;
  runId: string;
  signal?: AbortSignal;
  /** Monotonic clock in ms for latency; latency is 0 without it. */
  monotonic?: () => number;
  /** Config and session services handed to tools. */
  services?: ToolServices;
  /** The run's plugin hooks (tool hooks, persistence hooks); absent ⇒ none. */
  hooks?: RunHooks;
}

export type LoopStopReason =
  | "end_turn"
  | "max_steps"
  | "error"
  | "aborted"
  | "refusal"
  | "max_tokens"
  /** The request stayed over the context window after every recovery (context.md §4.2). */
  | "context_overflow";

/** Compaction attempts of overflow recovery per run (context.md §4.2). */
const MAX_OVERFLOW_COMPACTIONS = 3;

export interface AgentLoopOutcome {
  /** The messages this run added: the input, assistant messages and tool results. */
  messages: Message[];
  /**
   * What the session history keeps of `messages`: each as `tool_result_persist` and
   * `before_message_write` left it, without the blocked ones (context.md §6.1).
   */
  persisted: Message[];
  /** Text of the last assistant message. */
  reply: string;
  stopReason: LoopStopReason;
  error?: string;
  usage: Usage;
  /** USD; `null` when any call's price was unknown. */
  costUsd: number | null;
  latencyMs: number;
}

/**
 * The inner agent loop (spec/loop.md §2.2): model call, then the tool calls of the reply in
 * order, then the next model call, until a reply without tool calls, an error, an abort or
 * `maxSteps` model calls. Emits the typed event stream; never throws for model or tool failures.
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopOutcome> {
  const { emit, runId, context } = options;
  const sessionKey = options.callContext.sessionKey;
  const base = { runId, sessionKey };
  const added: Message[] = [];
  const persisted: Message[] = [];
  // The model sees the session's context at run start, then this run's messages as produced.
  let sessionMessages = context.messages();
  let runMessages: Message[] = [];
  const append = async (message: Message): Promise<void> => {
    added.push(message);
    runMessages.push(message);
    const written = await context.append(message, options.hooks);
    if (written !== undefined) persisted.push(written);
  };
  await append(options.input);
  const specs = options.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  let usage = ZERO_USAGE;
  let costUsd: number | null = 0;
  let latencyMs = 0;
  let lastAssistant: AssistantMessage | undefined;
  let overflowCompactions = 0;
  let truncated = false;
  const finish = (stopReason: LoopStopReason, error?: string): AgentLoopOutcome => {
    const success = error === undefined && stopReason !== "aborted";
    emit({ ...base, type: "agent_end", messages: added, success, stopReason, ...(error ? { error } : {}) });
    return {
      messages: added,
      persisted,
      reply: lastAssistant ? assistantText(lastAssistant) : "",
      stopReason,
      ...(error === undefined ? {} : { error }),
      usage,
      costUsd,
      latencyMs,
    };
  };
  // Overflow recovery (context.md §4.2): compact (at most 3 times a run), else rewrite oversized
  // tool results once; after either the request is assembled again from the transcript.
  const recover = async (): Promise<boolean> => {
    if (overflowCompactions < MAX_OVERFLOW_COMPACTIONS) {
      overflowCompactions++;
      const run = await context.compact({
        trigger: "overflow",
        summarize: options.summarize,
        ...(options.hooks ? { hooks: options.hooks } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        base,
        emit,
      });
      if (run.compacted) return true;
    }
    if (truncated) return false;
    truncated = true;
    return context.truncateOversized({ base, emit });
  };
  const call = async (step: number): Promise<{ response: ModelResponse; latency: number } | { overflow: string }> => {
    const assembled = await context.assemble({
      messages: [...sessionMessages, ...runMessages],
      systemPrompt: options.systemPrompt,
      step,
      base,
      emit,
    });
    if (assembled.overflow !== undefined) return { overflow: assembled.overflow };
    const started = options.monotonic?.() ?? 0;
    const response = await options.model.complete({
      systemPrompt: assembled.systemPrompt,
      messages: assembled.messages,
      tools: specs,
      context: options.callContext,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const latency = (options.monotonic?.() ?? 0) - started;
    for (const fault of response.injectedFaults ?? []) {
      emit({ ...base, type: "fault_injected", kind: fault.kind, attempt: fault.attempt });
    }
    if (!response.ok && isContextOverflowText(response.error.message)) {
      emit({ ...base, type: "model_error", error: response.error, attempt: 1 });
      return { overflow: response.error.message };
    }
    return { response, latency };
  };

  for (let step = 0; step < options.maxSteps; step++) {
    if (options.signal?.aborted) return finish("aborted", "aborted");
    emit({ ...base, type: "turn_start", step });
    emit({ ...base, type: "message_start", role: "assistant" });
    let attempt = await call(step);
    while ("overflow" in attempt) {
      const cause = attempt.overflow;
      if (options.signal?.aborted) return finish("aborted", "aborted");
      if (!(await recover())) return finish("context_overflow", formatContextOverflowError(cause));
      sessionMessages = context.messages();
      runMessages = [];
      attempt = await call(step);
    }
    const { response, latency } = attempt;
    latencyMs += latency;
    if (!response.ok) {
      emit({ ...base, type: "model_error", error: response.error, attempt: 1 });
      const aborted = response.error.kind === "aborted" || options.signal?.aborted === true;
      return finish(aborted ? "aborted" : "error", `model ${options.model.id}: ${response.error.message}`);
    }
    // Usage rides on the message so the next context estimate starts from what the provider counted.
    const message: AssistantMessage =
      usageTotal(response.usage) > 0 ? { ...response.message, usage: response.usage } : response.message;
    lastAssistant = message;
    usage = addUsage(usage, response.usage);
    costUsd = costUsd === null || response.costUsd === null ? null : costUsd + response.costUsd;
    await append(message);
    emit({
      ...base,
      type: "message_end",
      message,
      usage: response.usage,
      costUsd: response.costUsd,
      latencyMs: latency,
    });
    const calls = toolCallsOf(message);
    const toolResults: ToolResultMessage[] = [];
    for (const toolCall of calls) {
      const result = await executeToolCall({
        call: toolCall,
        tools: options.tools,
        runtime: options.runtime,
        workspaceDir: options.workspaceDir,
        emit,
        base,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.services ? { services: options.services } : {}),
        ...(options.hooks ? { hooks: options.hooks } : {}),
        ...(options.monotonic ? { monotonic: options.monotonic } : {}),
      });
      toolResults.push(result);
      await append(result);
    }
    emit({ ...base, type: "turn_end", message, toolResults });
    if (calls.length === 0) {
      if (message.stopReason === "refusal" || message.stopReason === "max_tokens") return finish(message.stopReason);
      return finish("end_turn");
    }
  }
  return finish("max_steps", `stopped after ${options.maxSteps} model calls without a final reply (maxSteps)`);
}
