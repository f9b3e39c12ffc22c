import type {
  Message as AnthropicMessage,
  StopReason as AnthropicStopReason,
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type {
  AssistantBlock,
  AssistantMessage,
  ModelMessage,
  ModelRequest,
  StopReason,
  TextBlock,
  ToolCallBlock,
  Usage,
} from "../domain/index.js";
import { isRecord } from "../domain/index.js";

export interface AnthropicParamsOptions {
  model: string;
  /** Upper bound on output tokens for the call. */
  maxTokens: number;
}

/** The API rejects empty text blocks, so they are left out. */
function textBlocks(blocks: readonly TextBlock[]): TextBlockParam[] {
  return blocks.filter((block) => block.text !== "").map((block) => ({ type: "text", text: block.text }));
}

function assistantContent(blocks: readonly AssistantBlock[]): ContentBlockParam[] {
  const content: ContentBlockParam[] = [];
  for (const block of blocks) {
    if (block.type === "text") content.push(...textBlocks([block]));
    else content.push({ type: "tool_use", id: block.id, name: block.name, input: block.input });
  }
  return content;
}

function buildMessages(messages: readonly ModelMessage[]): MessageParam[] {
  const params: MessageParam[] = [];
  let results: ToolResultBlockParam[] | undefined;
  for (const message of messages) {
    if (message.role !== "tool_result") {
      results = undefined;
      if (message.role === "user") params.push({ role: "user", content: message.content });
      else params.push({ role: "assistant", content: assistantContent(message.content) });
      continue;
    }
    const content = textBlocks(message.content);
    const block: ToolResultBlockParam = {
      type: "tool_result",
      tool_use_id: message.toolCallId,
      ...(content.length === 0 ? {} : { content }),
      is_error: message.isError,
    };
    // Consecutive tool results share one user message, as the API expects.
    if (results === undefined) {
      results = [block];
      params.push({ role: "user", content: results });
    } else results.push(block);
  }
  return params;
}

/** Builds the Messages API body for a request (pure). */
export function buildAnthropicParams(
  request: ModelRequest,
  options: AnthropicParamsOptions,
): MessageCreateParamsNonStreaming {
  const tools: Tool[] = request.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: "object", ...tool.inputSchema },
  }));
  return {
    model: options.model,
    max_tokens: options.maxTokens,
    ...(request.systemPrompt === "" ? {} : { system: request.systemPrompt }),
    messages: buildMessages(request.messages),
    ...(tools.length === 0 ? {} : { tools }),
  };
}

const STOP_REASONS: Record<AnthropicStopReason, StopReason> = {
  end_turn: "end_turn",
  tool_use: "tool_use",
  max_tokens: "max_tokens",
  refusal: "refusal",
  stop_sequence: "end_turn",
  pause_turn: "end_turn",
  model_context_window_exceeded: "max_tokens",
};

function toolCall(id: string, name: string, input: unknown): ToolCallBlock {
  if (isRecord(input)) return { type: "tool_call", id, name, input };
  if (typeof input === "string") {
    try {
      const parsed: unknown = JSON.parse(input);
      if (isRecord(parsed)) return { type: "tool_call", id, name, input: parsed };
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
    return { type: "tool_call", id, name, input: {}, invalidInput: input };
  }
  return { type: "tool_call", id, name, input: {}, invalidInput: JSON.stringify(input) ?? "" };
}

export interface ParsedAnthropicMessage {
  message: AssistantMessage;
  usage: Usage;
}

/** Maps an API message to ours; blocks other than text and tool_use (e.g. thinking) are dropped. */
export function parseAnthropicMessage(response: AnthropicMessage): ParsedAnthropicMessage {
  const content: AssistantBlock[] = [];
  for (const block of response.content) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    else if (block.type === "tool_use") content.push(toolCall(block.id, block.name, block.input));
  }
  const stopReason = response.stop_reason === null ? "end_turn" : (STOP_REASONS[response.stop_reason] ?? "end_turn");
  const { usage } = response;
  return {
    message: { role: "assistant", content, stopReason },
    usage: {
      inputTokens: usage.input_tokens ?? 0,
      outputTokens: usage.output_tokens ?? 0,
      cacheReadTokens: usage.cache_read_input_tokens ?? 0,
      cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    },
  };
}
