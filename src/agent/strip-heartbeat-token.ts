import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import { HEARTBEAT_TOKEN, TRAILING_HEARTBEAT_TOKEN } from "./reply-tokens.js";

/** How a reply is judged: a heartbeat run (acks are swallowed) or a normal message. */
export type ReplyMode = "heartbeat" | "message";

export interface StripHeartbeatTokenOptions {
  mode: ReplyMode;
  /** Heartbeat mode only: a remainder of at most this many chars still counts as an ack. Default 300. */
  maxAckChars?: number;
}

/** `skip`: deliver nothing. `text`: what to deliver otherwise. `didStrip`: a token was removed. */
export interface StripHeartbeatTokenResult {
  skip: boolean;
  text: string;
  didStrip: boolean;
}

/** Default for `maxAckChars`: the schema's default of `agents.defaults.heartbeat.ackMaxChars` (chars). */
export const DEFAULT_HEARTBEAT_ACK_MAX_CHARS = resolveConfigSection({}, "agents").defaults.heartbeat.ackMaxChars;

/** Ack stripping (spec/loop.md §5.4 steps 1–5). Removes the token only at the edges. */
export function stripHeartbeatToken(text: string, options: StripHeartbeatTokenOptions): StripHeartbeatTokenResult {
  const trimmed = text.trim();
  if (trimmed === "") return { skip: true, text: "", didStrip: false };
  const normalised = normaliseMarkup(trimmed);
  if (!trimmed.includes(HEARTBEAT_TOKEN) && !normalised.includes(HEARTBEAT_TOKEN)) {
    return { skip: false, text: trimmed, didStrip: false };
  }
  const fromOriginal = stripTokenAtEdges(trimmed);
  const picked = fromOriginal.didStrip && fromOriginal.text !== "" ? fromOriginal : stripTokenAtEdges(normalised);
  if (!picked.didStrip) return { skip: false, text: trimmed, didStrip: false };
  if (picked.text === "") return { skip: true, text: "", didStrip: true };
  const maxAckChars = options.maxAckChars ?? DEFAULT_HEARTBEAT_ACK_MAX_CHARS;
  if (options.mode === "heartbeat" && picked.text.length <= maxAckChars) {
    return { skip: true, text: "", didStrip: true };
  }
  return { skip: false, text: picked.text, didStrip: true };
}

function normaliseMarkup(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/^[*`~_]+/, "")
    .replace(/[*`~_]+$/, "");
}

function stripTokenAtEdges(input: string): { text: string; didStrip: boolean } {
  let text = input.trim();
  let didStrip = false;
  for (;;) {
    if (text.startsWith(HEARTBEAT_TOKEN)) {
      text = text.slice(HEARTBEAT_TOKEN.length).trim();
    } else if (TRAILING_HEARTBEAT_TOKEN.test(text)) {
      const index = text.lastIndexOf(HEARTBEAT_TOKEN);
      const before = text.slice(0, index).trimEnd();
      text = before === "" ? "" : `${before}${text.slice(index + HEARTBEAT_TOKEN.length)}`.trim();
    } else {
      break;
    }
    didStrip = true;
  }
  return { text: text.replace(/\s+/g, " ").trim(), didStrip };
}
