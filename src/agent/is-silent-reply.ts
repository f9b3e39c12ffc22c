import { SILENT_REPLY_TOKEN } from "./reply-tokens.js";

const EXACT_SILENT = new RegExp(`^\\s*${SILENT_REPLY_TOKEN}\\s*$`);

/** Exact silent reply (spec/loop.md §4.1): `NO_REPLY` with only whitespace around it; case-sensitive. */
export function isSilentReply(text: string): boolean {
  return EXACT_SILENT.test(text);
}
