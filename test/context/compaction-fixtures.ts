import type {
  AssistantMessage,
  Message,
  ToolCallBlock,
  ToolResultMessage,
  TranscriptEntry,
  UserMessage,
} from "../../src/domain/index.js";

/** A user message of exactly `tokens` estimated tokens (4 chars each). */
export function userOf(tokens: number, fill = "u"): UserMessage {
  return { role: "user", content: fill.repeat(tokens * 4) };
}

export function callOf(id: string, name = "exec", input: Record<string, unknown> = {}): ToolCallBlock {
  return { type: "tool_call", id, name, input };
}

/** An assistant message of exactly `tokens` estimated tokens, its text padded around the calls. */
export function assistantOf(tokens: number, calls: readonly ToolCallBlock[] = []): AssistantMessage {
  const callChars = calls.reduce((sum, call) => sum + call.name.length + JSON.stringify(call.input).length, 0);
  const textChars = Math.max(0, tokens * 4 - callChars);
  return {
    role: "assistant",
    stopReason: calls.length > 0 ? "tool_use" : "end_turn",
    content: [...(textChars > 0 ? [{ type: "text" as const, text: "a".repeat(textChars) }] : []), ...calls],
  };
}

/** A tool result of exactly `tokens` estimated tokens. */
export function resultOf(toolCallId: string, tokens: number, toolName = "exec"): ToolResultMessage {
  return {
    role: "tool_result",
    toolCallId,
    toolName,
    content: [{ type: "text", text: "r".repeat(tokens * 4) }],
    isError: false,
  };
}

/** Message entries `e1…eN` chained by `parentId`, one per message. */
export function entriesOf(messages: readonly Message[], firstId = 1): TranscriptEntry[] {
  return messages.map((message, index) => ({
    type: "message",
    id: `e${firstId + index}`,
    parentId: index + firstId === 1 ? null : `e${firstId + index - 1}`,
    timestamp: "2026-03-11T00:00:00.000Z",
    message,
  }));
}
