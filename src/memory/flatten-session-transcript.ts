/** One flattened message of a session transcript. */
export interface FlattenedTranscriptLine {
  /** `User: …` or `Assistant: …`, on one line. */
  text: string;
  /** The 1-based line of the JSONL file the message was read from. */
  jsonlLine: number;
}

/** A session transcript as the memory index reads it (memory.md §10). */
export interface FlattenedSessionTranscript {
  /** The conversation's messages, in file order. */
  lines: FlattenedTranscriptLine[];
  /**
   * Whether anyone talked: at least one user message that is not a heartbeat poll or a system
   * event. A transcript of heartbeat or cron runs only is `false` and is never indexed.
   */
  conversational: boolean;
  /**
   * The flattened lines placed at their JSONL line numbers, every other line empty: as many lines
   * as the file, so a `sessions/<id>.jsonl#La-Lb` citation can be checked against it.
   */
  alignedText: string;
}

/** Opening of the passive-recall block the runtime prepends to a user message (memory.md §8). */
const RECALL_OPEN = "<relevant-memories>";
const RECALL_CLOSE = "</relevant-memories>";

const LABELS = { user: "User", assistant: "Assistant" } as const;

type Spoken = { role: keyof typeof LABELS; text: string; automated: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The text blocks of a message's content (a string, or blocks of which only `text` ones count). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((block) =>
      isRecord(block) && block.type === "text" && typeof block.text === "string" ? [block.text] : [],
    )
    .join("\n");
}

/** Recalled snippets are memory already indexed elsewhere; indexing them again would echo them. */
function withoutRecallBlock(text: string): string {
  if (!text.startsWith(RECALL_OPEN)) return text;
  const end = text.indexOf(RECALL_CLOSE);
  return end === -1 ? text : text.slice(end + RECALL_CLOSE.length);
}

/** Every line break and the blanks around it become one space, so one message is one line. */
function oneLine(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(" ");
}

/** The user or assistant message of one JSONL line, or `undefined` for anything else. */
function readMessage(line: string): Spoken | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    // A malformed line carries nothing to index; the transcript loader reports it.
    return undefined;
  }
  if (!isRecord(entry) || entry.type !== "message" || !isRecord(entry.message)) return undefined;
  const { role, content, kind } = entry.message;
  if (role === "user") {
    const text = oneLine(withoutRecallBlock(textOf(content)));
    return { role, text, automated: kind === "heartbeat" || kind === "system" };
  }
  if (role === "assistant") return { role, text: oneLine(textOf(content)), automated: false };
  return undefined;
}

/**
 * Flattens a JSONL session transcript (memory.md §10): each user and assistant message becomes
 * one `User: …` / `Assistant: …` line of its text parts (line breaks collapsed to spaces; a
 * leading passive-recall block dropped), remembering its JSONL line. Tool calls and results,
 * custom and compaction entries, blank and malformed lines, and messages without text are left
 * out. Heartbeat polls and system events (cron reminders, finished commands) start automated
 * turns: they and the assistant messages answering them are left out too, so only the
 * conversation is indexed. Lines are split on `\n`, as the chunker and citations count them. Pure.
 */
export function flattenSessionTranscript(jsonl: string): FlattenedSessionTranscript {
  const rawLines = jsonl.split("\n");
  const lines: FlattenedTranscriptLine[] = [];
  let conversational = false;
  let automatedTurn = false;
  rawLines.forEach((raw, index) => {
    if (raw.trim() === "") return;
    const message = readMessage(raw);
    if (message === undefined) return;
    if (message.role === "user") {
      automatedTurn = message.automated;
      if (!automatedTurn) conversational = true;
    }
    if (automatedTurn || message.text === "") return;
    lines.push({ text: `${LABELS[message.role]}: ${message.text}`, jsonlLine: index + 1 });
  });
  const aligned = rawLines.map(() => "");
  for (const line of lines) aligned[line.jsonlLine - 1] = line.text;
  return { lines, conversational, alignedText: aligned.join("\n") };
}
