import type { Message } from "../domain/index.js";
import { estimateMessagesTokens, estimateMessageTokens } from "../platform/estimate-tokens.js";

/** Share of the context window one summariser chunk may use when messages are small (context.md §4.5). */
export const BASE_CHUNK_RATIO = 0.4;
/** Lowest chunk share, reached when the average message is large. */
export const MIN_CHUNK_RATIO = 0.15;
/** Multiplier over the chars/4 estimate, which undercounts real tokenizers. */
export const SAFETY_MARGIN = 1.2;
/** Tokens reserved in each summariser call for its instructions and previous summary. */
export const SUMMARIZATION_OVERHEAD_TOKENS = 4096;
/** Parts a long history is split into before summarising in stages (context.md §5.3). */
export const DEFAULT_PARTS = 2;
/** The summary used when there is nothing to summarise or every attempt failed [seed]. */
export const NO_PRIOR_HISTORY = "No prior history.";

/** Above this average share of the window (after the safety margin) the chunk ratio shrinks. */
const LARGE_MESSAGE_SHARE = 0.1;
/** A message is oversized when its padded estimate exceeds this share of the window. */
const OVERSIZED_SHARE = 0.5;

/**
 * The share of the context window one summariser chunk may take (context.md §4.5): 0.4, lowered
 * by twice the average padded message share once that share exceeds 0.1, never below 0.15.
 * `contextWindow` is in tokens; an empty list gives 0.4.
 */
export function computeAdaptiveChunkRatio(messages: readonly Message[], contextWindow: number): number {
  if (messages.length === 0) return BASE_CHUNK_RATIO;
  const averageShare = ((estimateMessagesTokens(messages) / messages.length) * SAFETY_MARGIN) / contextWindow;
  if (averageShare <= LARGE_MESSAGE_SHARE) return BASE_CHUNK_RATIO;
  return Math.max(MIN_CHUNK_RATIO, BASE_CHUNK_RATIO - Math.min(2 * averageShare, BASE_CHUNK_RATIO - MIN_CHUNK_RATIO));
}

/**
 * Token budget of one summariser chunk (context.md §4.5):
 * `max(1, floor(contextWindow × ratio) − 4096)` with the adaptive ratio of `messages`.
 */
export function computeMaxChunkTokens(messages: readonly Message[], contextWindow: number): number {
  const ratio = computeAdaptiveChunkRatio(messages, contextWindow);
  return Math.max(1, Math.floor(contextWindow * ratio) - SUMMARIZATION_OVERHEAD_TOKENS);
}

/**
 * Splits messages into consecutive chunks for one summariser call each (context.md §4.5). The
 * limit is `max(1, floor(maxChunkTokens / 1.2))` tokens; a chunk is closed before a message that
 * would take it over the limit, and a message alone over the limit gets a chunk of its own. Every
 * message lands in exactly one chunk, in order; no chunk is empty.
 */
export function chunkMessagesByMaxTokens(messages: readonly Message[], maxChunkTokens: number): Message[][] {
  const limit = Math.max(1, Math.floor(maxChunkTokens / SAFETY_MARGIN));
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let currentTokens = 0;
  const close = () => {
    chunks.push(current);
    current = [];
    currentTokens = 0;
  };
  for (const message of messages) {
    const tokens = estimateMessageTokens(message);
    if (current.length > 0 && currentTokens + tokens > limit) close();
    current.push(message);
    currentTokens += tokens;
  }
  if (current.length > 0) close();
  return chunks;
}

/**
 * Splits messages into at most `parts` consecutive chunks of roughly equal tokens (context.md
 * §4.5). `parts` is normalised: at most 1 ⇒ 1, floored, capped at the message count. A chunk is
 * closed before a message that would take it over `total / parts` while fewer than `parts − 1`
 * chunks are closed. Empty input gives `[]`.
 */
export function splitMessagesByTokenShare(messages: readonly Message[], parts: number): Message[][] {
  if (messages.length === 0) return [];
  const count = Math.min(Math.max(1, Math.floor(parts)), messages.length);
  if (count <= 1) return [[...messages]];
  const target = estimateMessagesTokens(messages) / count;
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let currentTokens = 0;
  for (const message of messages) {
    const tokens = estimateMessageTokens(message);
    if (chunks.length < count - 1 && current.length > 0 && currentTokens + tokens > target) {
      chunks.push(current);
      current = [];
      currentTokens = 0;
    }
    current.push(message);
    currentTokens += tokens;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** A message too large to summarise safely: `tokens × 1.2 > 0.5 × contextWindow` (context.md §4.5). */
export function isOversizedMessage(message: Message, contextWindow: number): boolean {
  return estimateMessageTokens(message) * SAFETY_MARGIN > OVERSIZED_SHARE * contextWindow;
}
