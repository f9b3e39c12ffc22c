import { toModelMessages } from "../context/to-model-messages.js";
import type {
  AssistantMessage,
  EventSink,
  Message,
  Model,
  ModelCallContext,
  Runtime,
  Tool,
  ToolResultMessage,
  Usage,
  UserMessage,
} from "../domain/index.js";
import { addUsage, assistantText, toolCallsOf, ZERO_USAGE } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";
import { executeToolCall, type ToolServices } from "./execute-tool-call.js";
import { persistMessage } from "./persist-message.js";

export interface AgentLoopOptions {
  runtime: Runtime;
  model: Model;
  /** Policy-filtered tools offered to the model. */
  tools: readonly Tool[];
  systemPrompt: string;
  /** Messages of earlier runs in this session. */
  history: readonly Message[];
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

export type LoopStopReason = "end_turn" | "max_steps" | "error" | "aborted" | "refusal" | "max_tokens";

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
  const { emit, runId } = options;
  const sessionKey = options.callContext.sessionKey;
  const base = { runId, sessionKey };
  const added: Message[] = [];
  const persisted: Message[] = [];
  const transcript: Message[] = [...options.history];
  const append = (message: Message): void => {
    added.push(message);
    transcript.push(message);
    const written = persistMessage(message, options.hooks);
    if (written !== undefined) persisted.push(written);
  };
  append(options.input);
  const specs = options.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  let usage = ZERO_USAGE;
  let costUsd: number | null = 0;
  let latencyMs = 0;
  let lastAssistant: AssistantMessage | undefined;
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

  for (let step = 0; step < options.maxSteps; step++) {
    if (options.signal?.aborted) return finish("aborted", "aborted");
    emit({ ...base, type: "turn_start", step });
    emit({ ...base, type: "message_start", role: "assistant" });
    const started = options.monotonic?.() ?? 0;
    const response = await options.model.complete({
      systemPrompt: options.systemPrompt,
      // A copy: models (and recordings of requests) keep what was sent, not the growing transcript.
      messages: toModelMessages(transcript),
      tools: specs,
      context: options.callContext,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const latency = (options.monotonic?.() ?? 0) - started;
    latencyMs += latency;
    if (!response.ok) {
      emit({ ...base, type: "model_error", error: response.error, attempt: 1 });
      const aborted = response.error.kind === "aborted" || options.signal?.aborted === true;
      return finish(aborted ? "aborted" : "error", `model ${options.model.id}: ${response.error.message}`);
    }
    const message = response.message;
    lastAssistant = message;
    usage = addUsage(usage, response.usage);
    costUsd = costUsd === null || response.costUsd === null ? null : costUsd + response.costUsd;
    append(message);
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
    for (const call of calls) {
      const result = await executeToolCall({
        call,
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
      append(result);
    }
    emit({ ...base, type: "turn_end", message, toolResults });
    if (calls.length === 0) {
      if (message.stopReason === "refusal" || message.stopReason === "max_tokens") return finish(message.stopReason);
      return finish("end_turn");
    }
  }
  return finish("max_steps", `stopped after ${options.maxSteps} model calls without a final reply (maxSteps)`);
}
