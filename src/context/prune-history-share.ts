import type { Message } from "../domain/index.js";
import { toolCallsOf } from "../domain/index.js";
import { estimateMessagesTokens } from "../platform/estimate-tokens.js";
import { DEFAULT_PARTS, SAFETY_MARGIN, splitMessagesByTokenShare } from "./chunk-messages.js";

export interface ShouldPruneHistoryShareOptions {
  /** Tokens (context.md §3) of the compacted range before compaction. */
  tokensBefore: number;
  messagesToSummarize: readonly Message[];
  turnPrefix: readonly Message[];
  /** Tokens. */
  contextWindow: number;
  /** `compaction.maxHistoryShare` (default 0.5). */
  maxHistoryShare: number;
}

/**
 * Whether history-share pruning applies (context.md §5.2): the tokens not being summarised,
 * `max(0, floor(tokensBefore − tokens(messagesToSummarize) − tokens(turnPrefix)))`, exceed
 * `floor(contextWindow × maxHistoryShare × 1.2)`. Only call it when `tokensBefore` is known.
 */
export function shouldPruneHistoryShare(options: ShouldPruneHistoryShareOptions): boolean {
  const summarised = estimateMessagesTokens(options.messagesToSummarize) + estimateMessagesTokens(options.turnPrefix);
  const newContent = Math.max(0, Math.floor(options.tokensBefore - summarised));
  return newContent > Math.floor(options.contextWindow * options.maxHistoryShare * SAFETY_MARGIN);
}

export interface PruneHistoryShareOptions {
  messages: readonly Message[];
  /** Tokens. */
  contextWindow: number;
  /** Share of the window the kept history may take (`compaction.maxHistoryShare`, default 0.5). */
  maxHistoryShare: number;
}

export interface PrunedHistory {
  /** The newest messages, at most `max(1, floor(contextWindow × maxHistoryShare))` tokens unless one message is larger. */
  kept: Message[];
  /** Every other message (dropped parts and the tool results they orphaned), in original order. */
  dropped: Message[];
  /** How many oldest parts were dropped. */
  droppedChunks: number;
}

/** Positions of tool results whose call is not in an earlier message among `positions`. */
function orphanedResults(messages: readonly Message[], positions: readonly number[]): Set<number> {
  const calls = new Set<string>();
  const orphans = new Set<number>();
  for (const position of positions) {
    const message = messages[position] as Message;
    if (message.role === "assistant") for (const call of toolCallsOf(message)) calls.add(call.id);
    if (message.role === "tool_result" && !calls.has(message.toolCallId)) orphans.add(position);
  }
  return orphans;
}

/**
 * Drops the oldest history until the rest fits its share of the window (context.md §5.2): while
 * the kept tokens exceed `max(1, floor(contextWindow × maxHistoryShare))`, split the kept messages
 * by token share into 2, drop the oldest part, then drop tool results the split orphaned (counted
 * as dropped). Stops when one message is left. Pure.
 */
export function pruneHistoryForContextShare(options: PruneHistoryShareOptions): PrunedHistory {
  const { messages } = options;
  const budget = Math.max(1, Math.floor(options.contextWindow * options.maxHistoryShare));
  let kept = messages.map((_message, position) => position);
  const keptMessages = () => kept.map((position) => messages[position] as Message);
  let droppedChunks = 0;
  while (estimateMessagesTokens(keptMessages()) > budget) {
    const parts = splitMessagesByTokenShare(keptMessages(), DEFAULT_PARTS);
    const oldest = parts[0];
    if (parts.length < 2 || oldest === undefined) break;
    kept = kept.slice(oldest.length);
    const orphans = orphanedResults(messages, kept);
    kept = kept.filter((position) => !orphans.has(position));
    droppedChunks++;
  }
  const keptSet = new Set(kept);
  return {
    kept: keptMessages(),
    dropped: messages.filter((_message, position) => !keptSet.has(position)),
    droppedChunks,
  };
}
