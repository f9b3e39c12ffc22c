/** A plain text content block. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** A tool call the model asked for. `input` is the parsed JSON arguments. */
export interface ToolCallBlock {
  type: "tool_call";
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** Set when the provider sent arguments that are not valid JSON; the raw text is kept. */
  invalidInput?: string;
}

export type AssistantBlock = TextBlock | ToolCallBlock;

export interface UserMessage {
  role: "user";
  content: string;
  /** Turn kind that produced the message (user text, heartbeat poll, system event). */
  kind?: "user" | "heartbeat" | "system";
}

export interface AssistantMessage {
  role: "assistant";
  content: AssistantBlock[];
  stopReason: StopReason;
}

export interface ToolResultMessage {
  role: "tool_result";
  toolCallId: string;
  toolName: string;
  content: TextBlock[];
  isError: boolean;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** Why the model stopped producing output. */
export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "refusal" | "error" | "aborted";

/** Token usage of one model call. Counts are tokens. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/** The text of an assistant message: its text blocks joined with no separator. */
export function assistantText(message: AssistantMessage): string {
  let text = "";
  for (const block of message.content) if (block.type === "text") text += block.text;
  return text;
}

export function toolCallsOf(message: AssistantMessage): ToolCallBlock[] {
  return message.content.filter((block): block is ToolCallBlock => block.type === "tool_call");
}
