import type { Summarize, SummarizeRequest } from "../../src/context/summarize-in-stages.js";
import type { AssistantMessage, ToolResultMessage, UserMessage } from "../../src/domain/index.js";

export function user(content: string): UserMessage {
  return { role: "user", content };
}

export function assistant(
  text: string,
  calls: { id: string; name: string; input: Record<string, unknown> }[] = [],
): AssistantMessage {
  return {
    role: "assistant",
    content: [
      ...(text === "" ? [] : [{ type: "text" as const, text }]),
      ...calls.map((call) => ({ type: "tool_call" as const, ...call })),
    ],
    stopReason: calls.length > 0 ? "tool_use" : "end_turn",
  };
}

export function toolResult(options: {
  id: string;
  name: string;
  text: string;
  isError?: boolean;
  details?: Record<string, unknown>;
}): ToolResultMessage {
  return {
    role: "tool_result",
    toolCallId: options.id,
    toolName: options.name,
    content: options.text === "" ? [] : [{ type: "text", text: options.text }],
    isError: options.isError ?? false,
    ...(options.details === undefined ? {} : { details: options.details }),
  };
}

/** A fake summariser that records each request and answers with `reply(request, callNumber)`. */
export function createFakeSummarizer(reply: (request: SummarizeRequest, call: number) => string | Promise<string>): {
  summarize: Summarize;
  requests: SummarizeRequest[];
} {
  const requests: SummarizeRequest[] = [];
  const summarize: Summarize = async (request) => {
    requests.push(request);
    return reply(request, requests.length);
  };
  return { summarize, requests };
}

/** A sleep that records each delay and returns at once. */
export function createRecordingSleep(): {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  delays: number[];
} {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms) => {
      delays.push(ms);
    },
  };
}
