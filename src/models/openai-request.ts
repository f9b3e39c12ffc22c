import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { AssistantMessage, ModelMessage, ModelRequest, ToolSpec } from "../domain/index.js";

/** Prefix put before the text of a tool result with `isError: true` (Chat Completions has no error flag). */
export const OPENAI_TOOL_ERROR_PREFIX = "Error: ";

export interface BuildOpenAIRequestOptions {
  model: string;
  /** Output token cap; omitted from the request when undefined. */
  maxTokens?: number;
  /**
   * `max_completion_tokens` (OpenAI's current name, required by its reasoning models) or
   * `max_tokens` (what most OpenAI-compatible servers understand). Default `max_completion_tokens`.
   */
  maxTokensField?: "max_completion_tokens" | "max_tokens";
}

function assistantParam(message: AssistantMessage): ChatCompletionMessageParam {
  let text = "";
  const toolCalls: ChatCompletionMessageToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") text += block.text;
    // Invalid arguments go back as `{}`: some compatible servers re-parse history arguments as JSON.
    else
      toolCalls.push({
        id: block.id,
        type: "function",
        function: { name: block.name, arguments: JSON.stringify(block.input) },
      });
  }
  return {
    role: "assistant",
    content: text === "" && toolCalls.length > 0 ? null : text,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
}

function messageParam(message: ModelMessage): ChatCompletionMessageParam {
  if (message.role === "user") return { role: "user", content: message.content };
  if (message.role === "assistant") return assistantParam(message);
  const text = message.content.map((block) => block.text).join("\n");
  return {
    role: "tool",
    tool_call_id: message.toolCallId,
    content: message.isError ? `${OPENAI_TOOL_ERROR_PREFIX}${text}` : text,
  };
}

function toolParam(tool: ToolSpec): ChatCompletionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
}

/**
 * The Chat Completions body for a request, without `stream`: the system prompt first (when not
 * empty), then the conversation; tool results become `role: "tool"` messages whose text starts
 * with {@link OPENAI_TOOL_ERROR_PREFIX} when the result is an error. Pure.
 */
export function buildOpenAIRequest(
  request: Pick<ModelRequest, "systemPrompt" | "messages" | "tools">,
  options: BuildOpenAIRequestOptions,
): ChatCompletionCreateParamsBase {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.systemPrompt !== "") messages.push({ role: "system", content: request.systemPrompt });
  for (const message of request.messages) messages.push(messageParam(message));
  return {
    model: options.model,
    messages,
    ...(request.tools.length > 0 ? { tools: request.tools.map(toolParam) } : {}),
    ...(options.maxTokens === undefined
      ? {}
      : { [options.maxTokensField ?? "max_completion_tokens"]: options.maxTokens }),
  };
}
