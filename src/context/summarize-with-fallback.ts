import type { Message } from "../domain/index.js";
import { isAbortError } from "../domain/index.js";
import { estimateMessageTokens } from "../platform/estimate-tokens.js";
import { isOversizedMessage, NO_PRIOR_HISTORY } from "./chunk-messages.js";
import { type SummarizerContext, summarizeChunks } from "./summarize-chunks.js";

/** Role names as the oversized-message note spells them (context.md §5.3). */
const NOTE_ROLE_NAMES: Record<Message["role"], string> = {
  user: "user",
  assistant: "assistant",
  tool_result: "toolResult",
  custom: "custom",
  compaction_summary: "compactionSummary",
};

/** `[Large <role> (~<round(tokens / 1000)>K tokens) omitted from summary]` (context.md §5.3). */
export function formatOversizedNote(message: Message): string {
  const thousands = Math.round(estimateMessageTokens(message) / 1000);
  return `[Large ${NOTE_ROLE_NAMES[message.role]} (~${thousands}K tokens) omitted from summary]`;
}

/**
 * {@link summarizeChunks} with the §5.3 fallbacks (`summarizeWithFallback`): on failure, retries
 * without the oversized messages (§4.5, against `settings.contextWindow`) and appends a note for
 * each; when that fails too (or nothing small is left), resolves `"No prior history."` [seed].
 * Empty input gives `previousSummary` or `"No prior history."`. An abort is never absorbed: it
 * rejects.
 */
export async function summarizeWithFallback(
  context: SummarizerContext,
  options: { messages: readonly Message[]; maxChunkTokens: number; previousSummary?: string; merge?: boolean },
): Promise<string> {
  if (options.messages.length === 0) return options.previousSummary ?? NO_PRIOR_HISTORY;
  try {
    return await summarizeChunks(context, options);
  } catch (error) {
    if (isAbortError(error, context.signal)) throw error;
  }
  const window = context.settings.contextWindow;
  const rest = options.messages.filter((message) => !isOversizedMessage(message, window));
  const notes = options.messages.filter((message) => isOversizedMessage(message, window)).map(formatOversizedNote);
  if (rest.length === 0) return NO_PRIOR_HISTORY;
  try {
    const summary = await summarizeChunks(context, { ...options, messages: rest });
    return notes.length > 0 ? `${summary}\n\n${notes.join("\n")}` : summary;
  } catch (error) {
    if (isAbortError(error, context.signal)) throw error;
    return NO_PRIOR_HISTORY;
  }
}
