import type { Message, TextBlock, ToolCallBlock } from "../domain/index.js";
import { toolCallsOf } from "../domain/index.js";
import { formatCompactionSummaryText } from "./to-model-messages.js";

function joinTexts(content: string | readonly TextBlock[]): string {
  return typeof content === "string" ? content : content.map((block) => block.text).join("\n");
}

function formatToolCall(call: ToolCallBlock): string {
  const parts = Object.entries(call.input).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${call.name}(${parts.join(", ")})`;
}

/** `[label]: text`, or nothing when the text is empty. */
function part(label: string, text: string): string[] {
  return text === "" ? [] : [`[${label}]: ${text}`];
}

function serializeMessage(message: Message): string[] {
  switch (message.role) {
    case "user":
      return part("User", message.content);
    case "compaction_summary":
      return part("User", formatCompactionSummaryText(message.summary));
    case "assistant": {
      const texts = message.content.flatMap((block) =>
        block.type === "text" && block.text !== "" ? [block.text] : [],
      );
      return [
        ...part("Assistant", texts.join("\n")),
        ...part("Assistant tool calls", toolCallsOf(message).map(formatToolCall).join("; ")),
      ];
    }
    case "tool_result":
    case "custom":
      return part("Tool result", joinTexts(message.content));
  }
}

/**
 * The conversation as the summariser reads it (context.md §5.8): `[User]: …`, `[Assistant]: …`
 * (text blocks joined by `\n`), `[Assistant tool calls]: name(k=<json>, …); …` and
 * `[Tool result]: …`, parts joined by a blank line, empty parts skipped. A compaction summary
 * counts as user text (with its lead-in) and injected custom context as tool-result text.
 * Tool-result `details` are never serialised. Pure.
 */
export function serializeConversation(messages: readonly Message[]): string {
  return messages.flatMap(serializeMessage).join("\n\n");
}
