import { TRAILING_SILENT_TOKEN } from "./reply-tokens.js";

/**
 * Trailing strip (spec/loop.md §4.1): removes a final `NO_REPLY` preceded by start of text,
 * whitespace or a `*` run and followed only by whitespace, then trims. Any other placement
 * (`NO_REPLY.`, `**NO_REPLY**`, `x.NO_REPLY`) is left alone: that is a token leak.
 */
export function stripTrailingSilentToken(text: string): string {
  return text.replace(TRAILING_SILENT_TOKEN, "").trim();
}
