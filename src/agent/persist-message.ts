import type { Message } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";

/**
 * The form of `message` written to the session history (context.md §6.1): a tool result goes
 * through `tool_result_persist`, then every message through `before_message_write`.
 * Resolves `undefined` when `before_message_write` blocks the write. The persist cap of
 * context.md §6.1 is not implemented yet; it belongs before `tool_result_persist`.
 * Synchronous, like the hooks it runs.
 */
export function persistMessage(message: Message, hooks: RunHooks | undefined): Message | undefined {
  if (hooks === undefined) return message;
  let written = message;
  if (message.role === "tool_result") {
    const persisted = hooks.registry.runSync("tool_result_persist", {
      event: { toolName: message.toolName, toolCallId: message.toolCallId, message },
      context: { ...hooks.context, toolName: message.toolName, toolCallId: message.toolCallId },
      report: hooks.report,
    });
    written = persisted?.message ?? written;
  }
  const { agentId, sessionKey } = hooks.context;
  const write = hooks.sync("before_message_write", {
    message: written,
    ...(sessionKey === undefined ? {} : { sessionKey }),
    ...(agentId === undefined ? {} : { agentId }),
  });
  if (write?.block === true) return undefined;
  return write?.message ?? written;
}
