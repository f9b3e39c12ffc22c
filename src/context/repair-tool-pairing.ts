import type { Message, ToolCallBlock, ToolResultMessage } from "../domain/index.js";
import { toolCallsOf } from "../domain/index.js";

/**
 * Text of the error result inserted for a tool call whose result is missing (context.md §2.4):
 * `[openclaw] ` followed by one sentence of our own.
 */
export const MISSING_TOOL_RESULT_TEXT =
  "[openclaw] The result of this tool call was missing from the session history, so this error result was inserted to repair the transcript.";

/** What {@link repairToolPairing} returns. */
export interface ToolPairingRepair {
  /** Every tool call directly followed by exactly one result, in the order of the calls. */
  messages: Message[];
  /** Tool results removed: orphans (no earlier matching call) and duplicates (not the first). */
  dropped: number;
  /** Synthetic error results inserted for calls that had none. */
  synthesised: number;
}

/** The synthetic `isError` result for a call whose result is missing (context.md §2.4). */
export function createMissingToolResult(call: ToolCallBlock): ToolResultMessage {
  return {
    role: "tool_result",
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: "text", text: MISSING_TOOL_RESULT_TEXT }],
    isError: true,
  };
}

/**
 * Repairs tool call / result pairing before a model call (context.md §2.4): drops results whose
 * call is not in an earlier assistant message, keeps the first of duplicate results, moves each
 * result directly after its assistant message (in call order) and inserts
 * {@link createMissingToolResult} for a call without a result. A result pairs with the nearest
 * earlier assistant message carrying its call id. Pure; the input is not changed.
 */
export function repairToolPairing(messages: readonly Message[]): ToolPairingRepair {
  const results = new Map<string, ToolResultMessage>();
  const callsOfAssistant = new Map<string, number>();
  let dropped = 0;
  messages.forEach((message, index) => {
    if (message.role === "assistant") {
      for (const call of toolCallsOf(message)) callsOfAssistant.set(call.id, index);
      return;
    }
    if (message.role !== "tool_result") return;
    const owner = callsOfAssistant.get(message.toolCallId);
    const key = `${owner}:${message.toolCallId}`;
    if (owner === undefined || results.has(key)) dropped++;
    else results.set(key, message);
  });

  const repaired: Message[] = [];
  let synthesised = 0;
  messages.forEach((message, index) => {
    if (message.role === "tool_result") return;
    repaired.push(message);
    if (message.role !== "assistant") return;
    const answered = new Set<string>();
    for (const call of toolCallsOf(message)) {
      if (answered.has(call.id)) continue;
      answered.add(call.id);
      const result = results.get(`${index}:${call.id}`);
      if (result !== undefined) repaired.push(result);
      else {
        repaired.push(createMissingToolResult(call));
        synthesised++;
      }
    }
  });
  return { messages: repaired, dropped, synthesised };
}
