import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from "../../src/domain/index.js";

/** A user message of `chars` chars. */
export function userOf(chars: number, fill = "u"): UserMessage {
  return { role: "user", content: fill.repeat(chars) };
}

/** An assistant message with `chars` chars of text. */
export function assistantOf(chars: number): AssistantMessage {
  return { role: "assistant", content: [{ type: "text", text: "a".repeat(chars) }], stopReason: "end_turn" };
}

/** An assistant message calling `name` with `input`. */
export function assistantCall(id: string, input: Record<string, unknown>, name = "read"): AssistantMessage {
  return { role: "assistant", content: [{ type: "tool_call", id, name, input }], stopReason: "tool_use" };
}

/** A tool result holding `text` (one block unless several are given). */
export function toolResultOf(
  toolCallId: string,
  text: string | string[],
  extra: Partial<ToolResultMessage> = {},
): ToolResultMessage {
  const texts = typeof text === "string" ? [text] : text;
  return {
    role: "tool_result",
    toolCallId,
    toolName: "read",
    content: texts.map((block) => ({ type: "text", text: block })),
    isError: false,
    ...extra,
  };
}

/** A deep copy, to show a function left its input alone. */
export function snapshot(messages: readonly Message[]): Message[] {
  return structuredClone([...messages]);
}
