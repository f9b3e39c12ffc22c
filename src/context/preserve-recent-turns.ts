import type { AssistantBlock, Message } from "../domain/index.js";
import { toolCallsOf } from "../domain/index.js";
import { repairToolPairing } from "./repair-tool-pairing.js";

/** Upper clamp of `compaction.recentTurnsPreserve` (context.md §4.1). */
export const MAX_RECENT_TURNS_PRESERVE = 12;
/** Chars of one preserved message's text kept in the summary before `...`. */
export const PRESERVED_TURN_MAX_CHARS = 600;
/** Heading of the preserved-turns section of a compaction summary (context.md §5.4). */
export const PRESERVED_TURNS_HEADING = "## Recent turns preserved verbatim";

export interface SplitPreservedRecentTurnsOptions {
  /** The messages a compaction would summarise. */
  messages: readonly Message[];
  /** `compaction.recentTurnsPreserve` (default 3): floored and clamped to [0, 12]; 0 disables. */
  recentTurnsPreserve: number;
}

export interface PreservedRecentTurns {
  /** The rest, with tool pairing repaired (context.md §2.4). */
  summarize: Message[];
  /** Preserved user/assistant messages and the results of their tool calls, in order. */
  preserved: Message[];
}

function clampTurns(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(MAX_RECENT_TURNS_PRESERVE, Math.max(0, Math.floor(value)));
}

/**
 * Splits the newest turns off the summarised messages (context.md §5.4). With N turns: if there
 * are at least N user messages, every user/assistant message from the N-th-last user message on
 * is preserved; else all user messages plus the newest user/assistant messages until 2N are
 * preserved. Tool results answering a preserved assistant's calls are preserved too. Pure.
 */
export function splitPreservedRecentTurns(options: SplitPreservedRecentTurnsOptions): PreservedRecentTurns {
  const { messages } = options;
  const turns = clampTurns(options.recentTurnsPreserve);
  if (turns === 0) return { summarize: [...messages], preserved: [] };
  const conversation: number[] = [];
  const users: number[] = [];
  messages.forEach((message, position) => {
    if (message.role === "user") users.push(position);
    if (message.role === "user" || message.role === "assistant") conversation.push(position);
  });
  const kept = new Set<number>();
  const boundary = users[users.length - turns];
  if (boundary !== undefined) {
    for (const position of conversation) if (position >= boundary) kept.add(position);
  } else {
    for (const position of users) kept.add(position);
    for (let index = conversation.length - 1; index >= 0 && kept.size < 2 * turns; index--) {
      kept.add(conversation[index] as number);
    }
  }
  const answered = new Set<string>();
  messages.forEach((message, position) => {
    if (message.role === "assistant" && kept.has(position)) {
      for (const call of toolCallsOf(message)) answered.add(call.id);
    }
    if (message.role === "tool_result" && answered.has(message.toolCallId)) kept.add(position);
  });
  if (kept.size === 0) return { summarize: [...messages], preserved: [] };
  const rest = messages.filter((_message, position) => !kept.has(position));
  return {
    summarize: repairToolPairing(rest).messages,
    preserved: messages.filter((_message, position) => kept.has(position)),
  };
}

const NON_TEXT_NAMES: Record<Exclude<AssistantBlock["type"], "text">, string> = { tool_call: "toolCall" };

function nonTextNote(blocks: readonly AssistantBlock[]): string {
  const counts = new Map<string, number>();
  for (const block of blocks) {
    if (block.type === "text") continue;
    const name = NON_TEXT_NAMES[block.type];
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (counts.size === 0) return "";
  const parts = [...counts].map(([name, count]) => (count > 1 ? `${name} x${count}` : name));
  return `[non-text content: ${parts.join(", ")}]`;
}

function joinTexts(texts: readonly string[]): string {
  const text = texts
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join("\n");
  return text.length > PRESERVED_TURN_MAX_CHARS ? `${text.slice(0, PRESERVED_TURN_MAX_CHARS)}...` : text;
}

function describeLine(message: Message): { label: string; text: string; note: string } | undefined {
  switch (message.role) {
    case "user":
      return { label: "User", text: joinTexts([message.content]), note: "" };
    case "assistant": {
      const texts = message.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
      return { label: "Assistant", text: joinTexts(texts), note: nonTextNote(message.content) };
    }
    case "tool_result":
      return {
        label: `Tool result (${message.toolName})`,
        text: joinTexts(message.content.map((b) => b.text)),
        note: "",
      };
    case "custom":
    case "compaction_summary":
      return undefined;
  }
}

/**
 * The preserved-turns section of a compaction summary (context.md §5.4): `\n\n` + the heading,
 * then one line per message (`- User: …`, `- Assistant: …`, `- Tool result (<toolName>): …`)
 * whose text is the trimmed text blocks joined by `\n`, cut to 600 chars + `...`, followed by a
 * `[non-text content: toolCall x2]` note for non-text blocks. Messages with neither text nor
 * note, and custom or summary messages, give no line. Returns `""` when no line remains.
 */
export function formatPreservedTurns(preserved: readonly Message[]): string {
  const lines: string[] = [];
  for (const message of preserved) {
    const described = describeLine(message);
    if (described === undefined) continue;
    const body = [described.text, described.note].filter((part) => part !== "").join(" ");
    if (body !== "") lines.push(`- ${described.label}: ${body}`);
  }
  return lines.length === 0 ? "" : `\n\n${PRESERVED_TURNS_HEADING}\n${lines.join("\n")}`;
}
