import type { ChatCompletion } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import type { AssistantBlock, AssistantMessage, StopReason, Usage } from "../domain/index.js";

/** One function call of a choice, arguments still as the raw JSON text. */
export interface OpenAIRawToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What a non-streaming response or an accumulated stream says about its first choice. */
export interface OpenAIChoiceData {
  content: string;
  refusal: string;
  toolCalls: OpenAIRawToolCall[];
  finishReason: string | null;
  usage: CompletionUsage | undefined;
}

/** The first choice of a non-streaming completion, or `undefined` when it has none. */
export function readOpenAICompletion(completion: ChatCompletion): OpenAIChoiceData | undefined {
  const choice = completion.choices?.[0];
  if (choice?.message === undefined) return undefined;
  const toolCalls: OpenAIRawToolCall[] = [];
  for (const call of choice.message.tool_calls ?? []) {
    if (call.type === "function") {
      toolCalls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments });
    } else {
      toolCalls.push({ id: call.id, name: call.custom.name, arguments: call.custom.input });
    }
  }
  return {
    content: choice.message.content ?? "",
    refusal: choice.message.refusal ?? "",
    toolCalls,
    finishReason: choice.finish_reason ?? null,
    usage: completion.usage ?? undefined,
  };
}

const STOP_REASONS: Record<string, StopReason> = {
  stop: "end_turn",
  tool_calls: "tool_use",
  function_call: "tool_use",
  length: "max_tokens",
  content_filter: "refusal",
};

function parseArguments(raw: string): { input: Record<string, unknown> } | { invalidInput: string } {
  // Some compatible servers send "" for a call without arguments.
  if (raw.trim() === "") return { input: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return { input: value as Record<string, unknown> };
    }
  } catch {
    // Not JSON: kept as invalidInput below so the loop can tell the model.
  }
  return { invalidInput: raw };
}

/**
 * The domain message of a choice. A `refusal` (field or `content_filter`) stops with `refusal`
 * and its text becomes a text block when there is no other text; tool calls with arguments
 * that are not a JSON object get `input: {}` and `invalidInput` set to the raw text.
 */
export function buildOpenAIMessage(data: OpenAIChoiceData): AssistantMessage {
  const content: AssistantBlock[] = [];
  if (data.content !== "") content.push({ type: "text", text: data.content });
  else if (data.refusal !== "") content.push({ type: "text", text: data.refusal });
  for (const call of data.toolCalls) {
    const parsed = parseArguments(call.arguments);
    content.push(
      "input" in parsed
        ? { type: "tool_call", id: call.id, name: call.name, input: parsed.input }
        : { type: "tool_call", id: call.id, name: call.name, input: {}, invalidInput: parsed.invalidInput },
    );
  }
  let stopReason: StopReason = STOP_REASONS[data.finishReason ?? ""] ?? "end_turn";
  if (data.refusal !== "") stopReason = "refusal";
  // Some compatible servers answer tool calls with finish_reason "stop".
  else if (stopReason === "end_turn" && data.toolCalls.length > 0) stopReason = "tool_use";
  return { role: "assistant", content, stopReason };
}

/** Domain usage: `prompt_tokens` includes cached tokens, which are reported apart. */
export function buildOpenAIUsage(usage: CompletionUsage | undefined): Usage {
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    inputTokens: Math.max(0, (usage?.prompt_tokens ?? 0) - cached),
    outputTokens: usage?.completion_tokens ?? 0,
    cacheReadTokens: cached,
    cacheWriteTokens: 0,
  };
}
