import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { readOptionalString, readString } from "./tool-arguments.js";

/**
 * `message { action: "send", message, target? }` (spec/loop.md §2.3.1): sends `message` to
 * `target`, by default the current channel, through the session's messenger. Once the agent has
 * answered this way, its final reply should be `NO_REPLY` (spec/loop.md §4.2).
 */
export const messageTool: Tool = {
  name: "message",
  description:
    "Send a message to the user now, on the current channel unless `target` names another. " +
    "If this message already answers the user, end your turn with NO_REPLY so nothing is sent twice.",
  inputSchema: {
    type: "object",
    properties: {
      action: { type: "string", enum: ["send"], description: "What to do; only `send`." },
      message: { type: "string", description: "The text to send." },
      target: { type: "string", description: "Channel or recipient; default: the current conversation." },
    },
    required: ["action", "message"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const text = readString(input, "message");
    const target = readOptionalString(input, "target")?.trim();
    if (text.trim() === "") return textResult("message is empty: give the text to send", true);
    if (context.messenger === undefined) {
      return textResult("message is not available in this session: sub-agents report through their final reply", true);
    }
    const result = await context.messenger.send({
      text,
      ...(target ? { target } : {}),
      ...(context.runId === undefined ? {} : { runId: context.runId }),
    });
    if (result.status === "error") return textResult(result.error, true);
    if (result.status === "skipped") return textResult(`Message not sent (${result.reason}).`);
    return textResult(`Message sent to ${result.channel}.`);
  },
};
