import type { ToolResultMessage } from "../domain/index.js";
import { GUARD_TRUNCATION_SUFFIX } from "../platform/truncate-tool-result-text.js";
import { truncateToolResultBlocks } from "./truncate-tool-result-blocks.js";

/** Most text chars a tool result keeps when it is written to the transcript (context.md §6.1). */
export const HARD_MAX_TOOL_RESULT_CHARS = 400000;

/**
 * The tool result as it is persisted (context.md §6.1): a blank `toolName` becomes `unknown`, and
 * text over {@link HARD_MAX_TOOL_RESULT_CHARS} chars is cut by the §6.3 rule (head and tail when
 * the end matters, split across blocks by their share) with `GUARD_TRUNCATION_SUFFIX`.
 * `truncated` says whether any text was cut. `details` and `isError` are kept. Never mutates its
 * input. Pure.
 */
export function capPersistedToolResult(message: ToolResultMessage): {
  message: ToolResultMessage;
  truncated: boolean;
} {
  const toolName = message.toolName.trim() === "" ? "unknown" : message.toolName;
  const { content, truncated } = truncateToolResultBlocks({
    content: message.content,
    maxChars: HARD_MAX_TOOL_RESULT_CHARS,
    suffix: GUARD_TRUNCATION_SUFFIX,
  });
  return { message: { ...message, toolName, content }, truncated };
}
