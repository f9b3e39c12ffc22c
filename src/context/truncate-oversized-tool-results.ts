import type { Message } from "../domain/index.js";
import { TRUNCATION_SUFFIX } from "../platform/truncate-tool-result-text.js";
import { HARD_MAX_TOOL_RESULT_CHARS } from "./cap-persisted-tool-result.js";
import { truncateToolResultBlocks } from "./truncate-tool-result-blocks.js";

/** Chars per token of the overflow rewrite's per-result limit. */
const CHARS_PER_TOKEN = 4;
/** Share of the context window one tool result may fill after the rewrite. */
const MAX_RESULT_SHARE = 0.3;

/**
 * Text chars one tool result keeps after an overflow rewrite (context.md §6.3):
 * `min(⌊contextWindow × 0.3⌋ × 4, 400 000)`. `contextWindow` is in tokens.
 */
export function overflowMaxChars(contextWindow: number): number {
  return Math.min(Math.floor(contextWindow * MAX_RESULT_SHARE) * CHARS_PER_TOKEN, HARD_MAX_TOOL_RESULT_CHARS);
}

/**
 * The overflow-recovery rewrite (context.md §6.3): every tool result with more text than
 * {@link overflowMaxChars} is cut with `TRUNCATION_SUFFIX` (head and tail when its end matters;
 * blocks share the limit by size). Returns the rewritten list (other messages are the same
 * objects), the `toolCallId`s of the cut results in order, and the limit used. The caller
 * re-appends the rewritten entries to the transcript; the input is never mutated. Pure.
 */
export function truncateOversizedToolResults(options: {
  messages: readonly Message[];
  /** Tokens. */
  contextWindow: number;
}): { messages: Message[]; truncated: string[]; maxChars: number } {
  const maxChars = overflowMaxChars(options.contextWindow);
  const truncated: string[] = [];
  const messages = options.messages.map((message): Message => {
    if (message.role !== "tool_result") return message;
    const result = truncateToolResultBlocks({ content: message.content, maxChars, suffix: TRUNCATION_SUFFIX });
    if (!result.truncated) return message;
    truncated.push(message.toolCallId);
    return { ...message, content: result.content };
  });
  return { messages, truncated, maxChars };
}

/** The log line of an overflow rewrite (context.md §6.3). */
export function formatTruncationLogLine(options: {
  /** Tool results rewritten. */
  count: number;
  /** Tokens. */
  contextWindow: number;
  /** Chars, from {@link overflowMaxChars}. */
  maxChars: number;
}): string {
  const { count, contextWindow, maxChars } = options;
  return `[tool-result-truncation] Truncated ${count} tool result(s) in session (contextWindow=${contextWindow} maxChars=${maxChars})`;
}
