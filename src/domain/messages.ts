/** A plain text content block. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** A tool call the model asked for. `input` is the parsed JSON arguments. */
export interface ToolCallBlock {
  type: "tool_call";
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** Set when the provider sent arguments that are not valid JSON; the raw text is kept. */
  invalidInput?: string;
}

export type AssistantBlock = TextBlock | ToolCallBlock;

export interface UserMessage {
  role: "user";
  content: string;
  /** Turn kind that produced the message (user text, heartbeat poll, system event). */
  kind?: "user" | "heartbeat" | "system";
}

export interface AssistantMessage {
  role: "assistant";
  content: AssistantBlock[];
  stopReason: StopReason;
  /**
   * What the provider reported for the call that produced this message (context.md §1.1, §3);
   * absent when it reported nothing (scripted models), so the context size is estimated instead.
   */
  usage?: Usage;
}

export interface ToolResultMessage {
  role: "tool_result";
  toolCallId: string;
  toolName: string;
  content: TextBlock[];
  isError: boolean;
  /**
   * Runtime metadata of the call (exit code, status, diff, paths): kept in the transcript and in
   * results, never sent to a model and stripped before summarising (context.md §1.1).
   */
  details?: Record<string, unknown>;
}

/** Context the runtime injected into the session (context.md §1.1); counted like a tool result. */
export interface CustomMessage {
  role: "custom";
  /** What injected it, for example `memory.recall`. */
  customType: string;
  content: string | TextBlock[];
}

/**
 * The summary a compaction left in place of the history it replaced (context.md §1.1). The
 * model sees it as a user message with a lead-in sentence and the summary in `<summary>` tags.
 */
export interface CompactionSummaryMessage {
  role: "compaction_summary";
  summary: string;
  /** Estimated context tokens before the compaction that wrote it. */
  tokensBefore: number;
}

/** The roles a model request carries; the context engine turns every other role into these. */
export type ModelMessage = UserMessage | AssistantMessage | ToolResultMessage;

/** One message of a session's context, as the transcript keeps it. */
export type Message = ModelMessage | CustomMessage | CompactionSummaryMessage;

/** Why the model stopped producing output. */
export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "refusal" | "error" | "aborted";

/** Token usage of one model call. Counts are tokens. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/** The text of an assistant message: its text blocks joined with no separator. */
export function assistantText(message: AssistantMessage): string {
  let text = "";
  for (const block of message.content) if (block.type === "text") text += block.text;
  return text;
}

export function toolCallsOf(message: AssistantMessage): ToolCallBlock[] {
  return message.content.filter((block): block is ToolCallBlock => block.type === "tool_call");
}
