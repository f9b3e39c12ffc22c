import type { Message, TranscriptEntry } from "../domain/index.js";
import { estimateMessageTokens } from "../platform/estimate-tokens.js";

/** Where a compaction cuts a transcript range (context.md §4.3); indexes into the entries. */
export interface CutPoint {
  /** The message entry the kept tail starts at (never a tool result). */
  cutIndex: number;
  /** First kept entry: `cutIndex`, moved back over non-message entries directly before it. */
  firstKeptIndex: number;
  /**
   * The user message that started the cut's turn when the cut is not a user message (a split
   * turn); entries from it up to the cut form the turn prefix. `undefined` otherwise.
   */
  turnStartIndex?: number;
}

export interface FindCutPointOptions {
  entries: readonly TranscriptEntry[];
  /** Index of the range's first entry (the one after the last compaction entry, or 0). */
  start: number;
  /** Tokens (context.md §3) the kept tail should hold at least. */
  keepRecentTokens: number;
}

function messageAt(entries: readonly TranscriptEntry[], index: number): Message | undefined {
  const entry = entries[index];
  return entry?.type === "message" ? entry.message : undefined;
}

function isValidCut(message: Message | undefined): boolean {
  return message !== undefined && message.role !== "tool_result";
}

/**
 * Finds the cut of the range `entries[start..]` (context.md §4.3). Walking back from the newest
 * message and summing estimates, the first message where the sum reaches `keepRecentTokens`
 * is the cut if it is not a tool result, else the nearest valid cut after it. When the sum never
 * reaches the budget, or no valid cut follows (a trailing tool result), the cut is the range's
 * first valid cut point (classic behaviour: keep everything). `undefined` when the range has no
 * valid cut point at all. Pure.
 */
export function findCutPoint(options: FindCutPointOptions): CutPoint | undefined {
  const { entries, start, keepRecentTokens } = options;
  const validCuts: number[] = [];
  for (let index = start; index < entries.length; index++) {
    if (isValidCut(messageAt(entries, index))) validCuts.push(index);
  }
  const firstValid = validCuts[0];
  if (firstValid === undefined) return undefined;

  let cutIndex = firstValid;
  let sum = 0;
  for (let index = entries.length - 1; index >= start; index--) {
    const message = messageAt(entries, index);
    if (message === undefined) continue;
    sum += estimateMessageTokens(message);
    if (sum < keepRecentTokens) continue;
    cutIndex = validCuts.find((candidate) => candidate >= index) ?? firstValid;
    break;
  }

  let firstKeptIndex = cutIndex;
  while (firstKeptIndex > start && entries[firstKeptIndex - 1]?.type === "custom") firstKeptIndex--;

  if (messageAt(entries, cutIndex)?.role === "user") return { cutIndex, firstKeptIndex };
  for (let index = cutIndex - 1; index >= start; index--) {
    if (messageAt(entries, index)?.role === "user") return { cutIndex, firstKeptIndex, turnStartIndex: index };
  }
  return { cutIndex, firstKeptIndex };
}
