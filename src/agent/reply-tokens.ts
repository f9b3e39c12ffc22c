/** The token a model replies with to say "deliver nothing" (spec/loop.md §4.1). */
export const SILENT_REPLY_TOKEN = "NO_REPLY";

/** The token a heartbeat run replies with when nothing needs attention (spec/loop.md §5.4). */
export const HEARTBEAT_TOKEN = "HEARTBEAT_OK";

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
