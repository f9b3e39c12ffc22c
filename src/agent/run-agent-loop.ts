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
  ToolCallBlock,
  ToolResultMessage,
  Usage,
  UserMessage,
} from "../domain/index.js";
import { addUsage, assistantText, RunAbortError, toolCallsOf, ZERO_USAGE } from "../domain/index.js";
import { usageTotal } from "../platform/estimate-tokens.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { RunSteering } from "./create-run-steering.js";
import type { SessionContext } from "./create-session-context.js";
import { createStreamGuard } from "./create-stream-guard.js";
import { executeToolCall, TOOL_ABORTED_TEXT, type ToolServices } from "./execute-tool-call.js";

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
  /** Messages steered into this run (spec/loop.md §2.2); closed when the loop stops. */
  steering?: RunSteering;
  /**
   * Stream replies: model calls get `onTextDelta`, and the text the streaming prefix guard
   * releases is emitted as `message_update` events before the call's `message_end`. Default false.
   */
  stream?: boolean;
}

/** Tool result text of the calls a steering message skipped (spec/loop.md §2.2). */
export const SKIPPED_FOR_STEERING_TEXT = "Skipped due to queued user message.";

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
    options.steering?.close();
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
    // Streamed text reaches the user through the prefix guard as `message_update` events (§4.1).
    const guard = options.stream
      ? createStreamGuard({
          heartbeat: options.input.kind === "heartbeat",
          release: (delta) => emit({ ...base, type: "message_update", delta }),
        })
      : undefined;
    // A wait, not work: a call that never answers lets the run timeout fire (§2.1).
    const response = await options.runtime.wait(
      options.model.complete({
        systemPrompt: assembled.systemPrompt,
        messages: assembled.messages,
        tools: specs,
        context: options.callContext,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(guard ? { onTextDelta: guard.onTextDelta, onTextRestart: guard.onTextRestart } : {}),
      }),
    );
    // Held text goes out only with a reply; a late delta after the call ended is never shown.
    if (response.ok) guard?.finish();
    else guard?.discard();
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

  const aborted = (): AgentLoopOutcome => finish("aborted", abortText(options.signal));
  for (let step = 0; step < options.maxSteps; step++) {
    if (options.signal?.aborted) return aborted();
    // Steering messages join the run at the turn boundary, before the model call (§2.2).
    for (const message of options.steering?.take() ?? []) await append(message);
    emit({ ...base, type: "turn_start", step });
    emit({ ...base, type: "message_start", role: "assistant" });
    let attempt = await call(step);
    while ("overflow" in attempt) {
      const cause = attempt.overflow;
      if (options.signal?.aborted) return aborted();
      if (!(await recover())) return finish("context_overflow", formatContextOverflowError(cause));
      sessionMessages = context.messages();
      runMessages = [];
      attempt = await call(step);
    }
    const { response, latency } = attempt;
    latencyMs += latency;
    if (!response.ok) {
      emit({ ...base, type: "model_error", error: response.error, attempt: 1 });
      if (options.signal?.aborted === true) return aborted();
      const cut = response.error.kind === "aborted";
      return finish(cut ? "aborted" : "error", `model ${options.model.id}: ${response.error.message}`);
    }
    // A scripted answer that takes simulated time: the run is busy meanwhile (§1 queue modes).
    const takesMs = response.simulated?.takesMs ?? 0;
    if (takesMs > 0) await options.runtime.sleep(takesMs, options.signal);
    if (options.signal?.aborted) return aborted();
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
    const durations = response.simulated?.toolDurationsMs ?? {};
    for (const toolCall of calls) {
      // A steering message waits: the rest of the batch is skipped (§2.2); after an abort
      // (interrupt, run timeout) no further call runs either.
      const stopped = options.signal?.aborted === true;
      if (stopped || options.steering?.pending() === true) {
        const text = stopped ? TOOL_ABORTED_TEXT : SKIPPED_FOR_STEERING_TEXT;
        const skipped = skipToolCall(toolCall, base, emit, text);
        toolResults.push(skipped);
        await append(skipped);
        continue;
      }
      const result = await executeToolCall({
        ...(durations[toolCall.id] === undefined ? {} : { takesMs: durations[toolCall.id] }),
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
    if (calls.length === 0 && options.steering?.pending() === true) continue;
    if (calls.length === 0) {
      if (message.stopReason === "refusal" || message.stopReason === "max_tokens") return finish(message.stopReason);
      return finish("end_turn");
    }
  }
  return finish("max_steps", `stopped after ${options.maxSteps} model calls without a final reply (maxSteps)`);
}

/** The stop text of an aborted run: the abort's own message for a run-level abort, else `aborted`. */
function abortText(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  return reason instanceof RunAbortError ? reason.message : "aborted";
}

/** A tool call the loop did not run: a steering message arrived (§2.2) or the run was aborted. */
function skipToolCall(
  call: ToolCallBlock,
  base: { runId: string; sessionKey: string },
  emit: EventSink,
  text: string,
): ToolResultMessage {
  const result = { content: [{ type: "text" as const, text }], isError: true };
  emit({ ...base, type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.input });
  emit({ ...base, type: "tool_execution_end", toolCallId: call.id, toolName: call.name, result, isError: true });
  return { role: "tool_result", toolCallId: call.id, toolName: call.name, content: result.content, isError: true };
}
