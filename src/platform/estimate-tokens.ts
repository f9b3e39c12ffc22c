import type { AssistantMessage, Message, TextBlock, Usage } from "../domain/index.js";

/** Characters per estimated token (context.md §3). */
const CHARS_PER_TOKEN = 4;

/**
 * The runtime's one token estimate of a string: `ceil(chars / 4)` with chars in UTF-16 code
 * units (context.md §3). Prompt reports, golden diffs, the context engine and memory all use it.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function textOf(content: string | readonly TextBlock[]): number {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of content) if (block.type === "text") chars += block.text.length;
  return chars;
}

/**
 * The chars of a message that the §3 estimate counts: user text; assistant text plus each tool
 * call's name and JSON arguments; tool-result and custom text blocks; a compaction summary's
 * text. `details` never count.
 */
export function countMessageChars(message: Message): number {
  switch (message.role) {
    case "user":
      return message.content.length;
    case "assistant": {
      let chars = 0;
      for (const block of message.content) {
        if (block.type === "text") chars += block.text.length;
        else chars += block.name.length + JSON.stringify(block.input).length;
      }
      return chars;
    }
    case "tool_result":
    case "custom":
      return textOf(message.content);
    case "compaction_summary":
      return message.summary.length;
  }
}

/** Tokens of one message (context.md §3): `ceil(chars / 4)` of {@link countMessageChars}. */
export function estimateMessageTokens(message: Message): number {
  return Math.ceil(countMessageChars(message) / CHARS_PER_TOKEN);
}

/** The sum of {@link estimateMessageTokens} over `messages`. */
export function estimateMessagesTokens(messages: readonly Message[]): number {
  let tokens = 0;
  for (const message of messages) tokens += estimateMessageTokens(message);
  return tokens;
}

/** A provider's usage as one token count: input, output and both cache sides. */
export function usageTotal(usage: Usage): number {
  return usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
}

function reportsUsage(message: Message): message is AssistantMessage & { usage: Usage } {
  return (
    message.role === "assistant" &&
    message.stopReason !== "aborted" &&
    message.stopReason !== "error" &&
    message.usage !== undefined &&
    usageTotal(message.usage) > 0
  );
}

/**
 * The context size of `messages` (context.md §3): the usage the last successful assistant
 * message reported, plus the estimates of every message after it; with no such message, the
 * sum of the estimates.
 */
export function estimateContextTokens(messages: readonly Message[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Message;
    if (reportsUsage(message)) return usageTotal(message.usage) + estimateMessagesTokens(messages.slice(index + 1));
  }
  return estimateMessagesTokens(messages);
}
