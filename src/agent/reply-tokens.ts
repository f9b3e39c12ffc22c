/** The token a model replies with to say "deliver nothing" (spec/loop.md §4.1). */
export const SILENT_REPLY_TOKEN = "NO_REPLY";

/** The token a heartbeat run replies with when nothing needs attention (spec/loop.md §5.4). */
export const HEARTBEAT_TOKEN = "HEARTBEAT_OK";

/**
 * A trailing `NO_REPLY` the runtime strips (spec/loop.md §4.1): preceded by the start of the
 * text, whitespace or a `*` run (captured), followed only by whitespace. No `g` flag, so `test`
 * keeps no state between calls.
 */
export const TRAILING_SILENT_TOKEN = new RegExp(`(^|\\s+|\\*+)${SILENT_REPLY_TOKEN}\\s*$`);

/**
 * A `HEARTBEAT_OK` ending the text, followed by at most 4 non-word characters (`HEARTBEAT_OK!!`),
 * which ack stripping removes (spec/loop.md §5.4). No `g` flag.
 */
export const TRAILING_HEARTBEAT_TOKEN = new RegExp(`${HEARTBEAT_TOKEN}\\W{0,4}$`);

/**
 * Streaming guard (spec/loop.md §4.1): true while partial text could still become
 * `NO_REPLY`, so the caller should hold it back. The start-trimmed text must be at least
 * 2 chars of `A–Z`/`_`, a prefix of the token, and contain `_` or equal `NO`.
 */
export function isSilentPrefix(text: string): boolean {
  const candidate = text.trimStart();
  if (candidate.length < 2 || !/^[A-Z_]+$/.test(candidate)) return false;
  if (!SILENT_REPLY_TOKEN.startsWith(candidate)) return false;
  return candidate.includes("_") || candidate === "NO";
}

/**
 * The same guard for `HEARTBEAT_OK` in heartbeat runs: true while the start-trimmed text is at
 * least 2 chars of `A–Z`/`_` and a prefix of the token. Unlike `NO_REPLY`, whose every such
 * prefix already contains `_` or equals `NO`, the token's first word has no `_`, so every
 * prefix is held: releasing `HEARTBEAT` would leak the token once `_OK` follows.
 */
export function isHeartbeatPrefix(text: string): boolean {
  const candidate = text.trimStart();
  return candidate.length >= 2 && /^[A-Z_]+$/.test(candidate) && HEARTBEAT_TOKEN.startsWith(candidate);
}
