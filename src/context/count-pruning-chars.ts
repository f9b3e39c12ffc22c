import type { Message, TextBlock } from "../domain/index.js";

/** Chars the pruning estimates give a message of a role they do not measure (context.md §6.2, §6.4). */
export const OTHER_ROLE_CHARS = 256;

/** The text blocks of a tool result joined by `\n`, as pruning reads and rewrites them. */
export function joinToolResultText(content: readonly TextBlock[]): string {
  return content.map((block) => block.text).join("\n");
}

/**
 * The char estimate cache-TTL pruning uses (context.md §6.4), and the base of the context guard's
 * (§6.2): user text; assistant text plus each tool call's JSON arguments (not its name); tool-result
 * text blocks; {@link OTHER_ROLE_CHARS} for custom context and compaction summaries. `details` do
 * not count here. Chars are UTF-16 units. Pure.
 */
export function countPruningChars(message: Message): number {
  switch (message.role) {
    case "user":
      return message.content.length;
    case "assistant": {
      let chars = 0;
      for (const block of message.content) {
        chars += block.type === "text" ? block.text.length : JSON.stringify(block.input).length;
      }
      return chars;
    }
    case "tool_result": {
      let chars = 0;
      for (const block of message.content) chars += block.text.length;
      return chars;
    }
    case "custom":
    case "compaction_summary":
      return OTHER_ROLE_CHARS;
  }
}
