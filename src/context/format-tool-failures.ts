import type { Message, ToolResultMessage } from "../domain/index.js";

/** Chars of one failure's text, `...` included (context.md §5.9). */
export const TOOL_FAILURE_TEXT_MAX_CHARS = 240;
/** Failure lines listed before `- ...and <k> more`. */
export const TOOL_FAILURE_MAX_LINES = 8;

function formatMeta(details: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  if (typeof details?.status === "string" && details.status !== "") parts.push(`status=${details.status}`);
  if (typeof details?.exitCode === "number") parts.push(`exitCode=${details.exitCode}`);
  return parts.length === 0 ? "" : ` (${parts.join(" ")})`;
}

function formatFailure(result: ToolResultMessage): string {
  const meta = formatMeta(result.details);
  let text = result.content
    .map((block) => block.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") text = meta === "" ? "failed (no output)" : "failed";
  if (text.length > TOOL_FAILURE_TEXT_MAX_CHARS) text = `${text.slice(0, TOOL_FAILURE_TEXT_MAX_CHARS - 3)}...`;
  return `- ${result.toolName === "" ? "tool" : result.toolName}${meta}: ${text}`;
}

/**
 * The tool-failures section of a compaction summary (context.md §5.9): `## Tool Failures`, then
 * one line per `isError` tool result (first per `toolCallId`, in order):
 * `- <toolName>[ (status=<s> exitCode=<n>)]: <text>` with the text whitespace-collapsed and cut
 * to 240 chars, status and exit code read from `details`. At most 8 lines, then
 * `- ...and <k> more`. `""` when nothing failed. Pure.
 */
export function formatToolFailures(messages: readonly Message[]): string {
  const seen = new Set<string>();
  const failures: ToolResultMessage[] = [];
  for (const message of messages) {
    if (message.role !== "tool_result" || !message.isError || seen.has(message.toolCallId)) continue;
    seen.add(message.toolCallId);
    failures.push(message);
  }
  if (failures.length === 0) return "";
  const lines = failures.slice(0, TOOL_FAILURE_MAX_LINES).map(formatFailure);
  if (failures.length > TOOL_FAILURE_MAX_LINES) lines.push(`- ...and ${failures.length - TOOL_FAILURE_MAX_LINES} more`);
  return `## Tool Failures\n${lines.join("\n")}`;
}
