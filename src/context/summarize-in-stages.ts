import type { Message } from "../domain/index.js";
import { estimateMessagesTokens } from "../platform/estimate-tokens.js";
import { computeMaxChunkTokens, DEFAULT_PARTS, splitMessagesByTokenShare } from "./chunk-messages.js";
import type { SummarizerContext } from "./summarize-chunks.js";
import { summarizeWithFallback } from "./summarize-with-fallback.js";

export type { Summarize, SummarizeRequest, SummarizerContext } from "./summarize-chunks.js";

/** Fewest messages worth splitting into parts (context.md §5.3). */
const MIN_MESSAGES_FOR_SPLIT = 4;

/**
 * Summarises a history in stages (context.md §5.3 `summarizeInStages`). Under 4 messages, or
 * at most `maxChunkTokens` tokens in all, it is one {@link summarizeWithFallback}. Otherwise
 * the messages are split by token share into 2 parts, each summarised without the previous
 * summary, and the partial summaries (as user messages, in order) are merged by one more
 * `summarizeWithFallback` with the previous summary and the merge rule. `maxChunkTokens`
 * (tokens) defaults to the adaptive budget of `messages` against `settings.contextWindow`.
 * Rejects only on abort.
 */
export async function summarizeInStages(
  context: SummarizerContext,
  options: { messages: readonly Message[]; previousSummary?: string; maxChunkTokens?: number },
): Promise<string> {
  const { messages } = options;
  const maxChunkTokens = options.maxChunkTokens ?? computeMaxChunkTokens(messages, context.settings.contextWindow);
  const previous = options.previousSummary === undefined ? {} : { previousSummary: options.previousSummary };
  const parts =
    messages.length < MIN_MESSAGES_FOR_SPLIT || estimateMessagesTokens(messages) <= maxChunkTokens
      ? []
      : splitMessagesByTokenShare(messages, DEFAULT_PARTS).filter((part) => part.length > 0);
  if (parts.length <= 1) return summarizeWithFallback(context, { messages, maxChunkTokens, ...previous });

  const partials: Message[] = [];
  for (const part of parts) {
    const summary = await summarizeWithFallback(context, { messages: part, maxChunkTokens });
    partials.push({ role: "user", content: summary });
  }
  return summarizeWithFallback(context, { messages: partials, maxChunkTokens, merge: true, ...previous });
}
