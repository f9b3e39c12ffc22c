import type { Message, ModelMessage, TextBlock } from "../domain/index.js";

/** The sentence that introduces a compaction summary to the model (context.md §1.1). */
export const COMPACTION_SUMMARY_LEAD =
  "The conversation before this point was compacted to save context; the summary below replaces it.";

/** The user-role text a compaction summary is sent as: lead-in, blank line, `<summary>` block. */
export function formatCompactionSummaryText(summary: string): string {
  return `${COMPACTION_SUMMARY_LEAD}\n\n<summary>\n${summary}\n</summary>`;
}

function joinText(content: string | readonly TextBlock[]): string {
  return typeof content === "string" ? content : content.map((block) => block.text).join("\n");
}

/**
 * The messages a model request carries (context.md §1.1): a compaction summary becomes a user
 * message with its lead-in, injected custom context a user message, and tool results lose their
 * `details`, which never reach a model. Pure.
 */
export function toModelMessages(messages: readonly Message[]): ModelMessage[] {
  return messages.map(toModelMessage);
}

function toModelMessage(message: Message): ModelMessage {
  switch (message.role) {
    case "user":
    case "assistant":
      return message;
    case "tool_result": {
      if (message.details === undefined) return message;
      const { details: _details, ...sent } = message;
      return sent;
    }
    case "custom":
      return { role: "user", content: joinText(message.content) };
    case "compaction_summary":
      return { role: "user", content: formatCompactionSummaryText(message.summary) };
  }
}
