import type { Message } from "../domain/index.js";

/** A session snapshot file (memory.md §9.3): where it goes, relative to the workspace, and its text. */
export interface SessionSnapshot {
  /** `memory/<YYYY-MM-DD>-<slug>.md`. */
  path: string;
  content: string;
}

function firstText(message: Message): string | undefined {
  if (message.role === "user") return message.content;
  if (message.role !== "assistant") return undefined;
  const block = message.content.find((entry) => entry.type === "text");
  return block?.type === "text" ? block.text : undefined;
}

/**
 * The snapshot of a session that `/new`, `/reset` (or its end) closes (memory.md §9.3): the last
 * `maxMessages` user and assistant messages whose first text does not start with `/`, one
 * `role: text` line each, under a header naming the session. The file is dated by the event
 * time (UTC) and slugged by `slug`, else the event time's `HHMM` (UTC). Pure.
 */
export function buildSessionSnapshot(options: {
  messages: readonly Message[];
  sessionKey: string;
  sessionId: string | undefined;
  /** What closed the session (`command:new`, `command:reset`, ...). */
  source: string | undefined;
  /** Event time, ms since the epoch. */
  now: number;
  /** `hooks.internal.entries.session-memory.messages` (default 15). */
  maxMessages: number;
  slug?: string;
}): SessionSnapshot {
  const stamp = new Date(options.now).toISOString();
  const date = stamp.slice(0, 10);
  const slug = options.slug?.trim() || `${stamp.slice(11, 13)}${stamp.slice(14, 16)}`;
  const lines = options.messages
    .flatMap((message) => {
      const text = firstText(message);
      if (text === undefined || text.trimStart().startsWith("/")) return [];
      return [`${message.role}: ${text.replace(/\s+/g, " ").trim()}`];
    })
    .slice(-Math.max(0, Math.floor(options.maxMessages)));
  const header = [
    `# Session: ${date} ${stamp.slice(11, 19)} UTC`,
    "",
    `- **Session Key**: ${options.sessionKey}`,
    `- **Session ID**: ${options.sessionId ?? "unknown"}`,
    `- **Source**: ${options.source ?? "unknown"}`,
  ];
  const body = lines.length === 0 ? [] : ["", "## Conversation Summary", "", ...lines];
  return { path: `memory/${date}-${slug}.md`, content: `${[...header, ...body].join("\n")}\n` };
}
