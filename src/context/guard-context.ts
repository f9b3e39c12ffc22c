import type { Message, ToolResultMessage } from "../domain/index.js";
import { countPruningChars, joinToolResultText } from "./count-pruning-chars.js";

/** Appended by {@link truncateTextToBudget}; 43 chars (context.md §6.2). */
export const GUARD_TRUNCATION_NOTICE = "\n[truncated: output exceeded context limit]";
/** What an oldest-first cleared tool result says instead of its output; 48 chars (context.md §6.2). */
export const GUARD_CLEARED_PLACEHOLDER = "[compacted: tool output removed to free context]";
/** The error of a request the guard refuses (context.md §6.2 step 3), handled as a context overflow. */
export const PREEMPTIVE_OVERFLOW_MESSAGE =
  "Preemptive context overflow: estimated context size exceeds safe threshold during tool loop";

/** The guard's limits for a context window of `contextWindow` tokens; all in chars (context.md §6.2). */
export function guardLimits(contextWindow: number): { maxSingle: number; budget: number; overflowAt: number } {
  const budget = Math.max(1024, Math.floor(contextWindow * 4 * 0.75));
  return {
    maxSingle: Math.max(1024, Math.floor(contextWindow * 2 * 0.5)),
    budget,
    overflowAt: Math.max(budget, Math.floor(contextWindow * 4 * 0.9)),
  };
}

/**
 * The guard's char estimate of a message (context.md §6.2): as `countPruningChars`, except that a
 * tool result counts double, `c` being its text plus the JSON length of its `details`. Pure.
 */
export function estimateGuardChars(message: Message): number {
  if (message.role !== "tool_result") return countPruningChars(message);
  const chars = countPruningChars(message) + (message.details ? JSON.stringify(message.details).length : 0);
  return Math.max(chars, Math.ceil((chars * 4) / 2));
}

/**
 * `text` cut to at most `maxChars` chars (context.md §6.2): unchanged when it fits; else its first
 * `maxChars − 43` chars, ending at the last newline when that lies past 70 % of them, then
 * {@link GUARD_TRUNCATION_NOTICE}. Pure.
 */
export function truncateTextToBudget(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = maxChars - GUARD_TRUNCATION_NOTICE.length;
  const newline = text.lastIndexOf("\n", cut);
  return text.slice(0, newline > cut * 0.7 ? newline : cut) + GUARD_TRUNCATION_NOTICE;
}

function withText(message: ToolResultMessage, text: string): ToolResultMessage {
  const { details: _details, ...rest } = message;
  return { ...rest, content: [{ type: "text", text }] };
}

/**
 * The context guard run before every model call (context.md §6.2), on a copy: (1) a tool result
 * whose estimate exceeds `maxSingle` gets its text cut by {@link truncateTextToBudget} and loses
 * its `details`; (2) while the total estimate exceeds `budget`, tool results are replaced by
 * {@link GUARD_CLEARED_PLACEHOLDER} oldest first (those estimated at ≤ 48 are skipped); (3) a total
 * still above `overflowAt` sets `overflow`, and the request must not be sent. `truncated` and
 * `cleared` list `toolCallId`s by final state (a cleared result is not also listed as truncated).
 * The input is never mutated. Pure.
 */
export function guardContext(options: {
  messages: readonly Message[];
  /** Tokens. */
  contextWindow: number;
}): { messages: Message[]; truncated: string[]; cleared: string[]; overflow?: string } {
  const { maxSingle, budget, overflowAt } = guardLimits(options.contextWindow);
  const messages = [...options.messages];
  const states = new Map<number, "truncated" | "cleared">();
  messages.forEach((message, index) => {
    if (message.role !== "tool_result" || estimateGuardChars(message) <= maxSingle) return;
    messages[index] = withText(message, truncateTextToBudget(joinToolResultText(message.content), maxSingle));
    states.set(index, "truncated");
  });
  let total = 0;
  for (const message of messages) total += estimateGuardChars(message);
  if (total > budget) {
    const excess = total - budget;
    let freed = 0;
    for (let index = 0; index < messages.length && freed < excess; index++) {
      const message = messages[index] as Message;
      if (message.role !== "tool_result") continue;
      const before = estimateGuardChars(message);
      if (before <= GUARD_CLEARED_PLACEHOLDER.length) continue;
      const cleared = withText(message, GUARD_CLEARED_PLACEHOLDER);
      messages[index] = cleared;
      states.set(index, "cleared");
      freed += before - estimateGuardChars(cleared);
    }
    total -= freed;
  }
  const idsIn = (state: "truncated" | "cleared"): string[] =>
    [...states.entries()]
      .filter(([, value]) => value === state)
      .sort(([a], [b]) => a - b)
      .map(([index]) => (messages[index] as ToolResultMessage).toolCallId);
  const result = { messages, truncated: idsIn("truncated"), cleared: idsIn("cleared") };
  return total > overflowAt ? { ...result, overflow: PREEMPTIVE_OVERFLOW_MESSAGE } : result;
}
