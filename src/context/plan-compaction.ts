import type { CompactionFileDetails, Message, TranscriptEntry } from "../domain/index.js";
import { estimateContextTokens } from "../platform/estimate-tokens.js";
import { findCutPoint } from "./find-cut-point.js";

/** The reason a compaction with nothing to summarise is a no-op (context.md §4.3, §7). */
export const NOTHING_TO_COMPACT = "nothing to compact";

/** What a compaction would summarise and keep (context.md §4.3). */
export interface CompactionPlan {
  /** {@link NOTHING_TO_COMPACT} when the compaction is a no-op, else `undefined`. */
  skip?: string;
  /** Range messages before the turn start (split turn) or the cut, in order. */
  messagesToSummarize: Message[];
  /** The split turn's messages before the cut; `[]` when the cut is a user message. */
  turnPrefix: Message[];
  isSplitTurn: boolean;
  /**
   * Id of the first kept entry (non-message entries directly before the cut included). A no-op
   * without a cut keeps the whole range: its first entry's id, `""` when the range is empty.
   */
  firstKeptEntryId: string;
  /** Messages from the cut to the end, in order. */
  keptMessages: Message[];
  /**
   * Tokens (context.md §3): `estimateContextTokens` of the range's messages, preceded by the
   * previous summary as a `compaction_summary` message when there is one.
   */
  tokensBefore: number;
  /** Summary of the previous compaction entry, when there is one. */
  previousSummary?: string;
  /** File details of the previous compaction entry, when there is one. */
  previousFileDetails?: CompactionFileDetails;
}

export interface PlanCompactionOptions {
  /** The session branch, oldest first. */
  entries: readonly TranscriptEntry[];
  /** Tokens the kept tail should hold at least (`compaction.keepRecentTokens`, default 20 000). */
  keepRecentTokens: number;
}

function messagesOf(entries: readonly TranscriptEntry[]): Message[] {
  const messages: Message[] = [];
  for (const entry of entries) if (entry.type === "message") messages.push(entry.message);
  return messages;
}

type PreviousCompaction = Pick<CompactionPlan, "previousSummary" | "previousFileDetails">;

function readPrevious(entry: TranscriptEntry | undefined): PreviousCompaction {
  if (entry?.type !== "compaction") return {};
  const { readFiles, modifiedFiles } = entry.details;
  return {
    previousSummary: entry.summary,
    previousFileDetails: { readFiles: [...readFiles], modifiedFiles: [...modifiedFiles] },
  };
}

/**
 * Plans a compaction of a session branch (context.md §4.3): the range after the last compaction
 * entry is cut so that about `keepRecentTokens` stay verbatim, never separating a tool call from
 * its result; a turn split by the cut yields a turn prefix. A no-op plan (`skip`) results when
 * the last entry is already a compaction or nothing would be summarised. Pure.
 */
export function planCompaction(options: PlanCompactionOptions): CompactionPlan {
  const { entries } = options;
  const previousIndex = entries.findLastIndex((entry) => entry.type === "compaction");
  const previousEntry = entries[previousIndex];
  const start = previousIndex + 1;
  const rangeMessages = messagesOf(entries.slice(start));
  const summaryMessage: Message[] =
    previousEntry?.type === "compaction"
      ? [{ role: "compaction_summary", summary: previousEntry.summary, tokensBefore: previousEntry.tokensBefore }]
      : [];
  const noop: CompactionPlan = {
    skip: NOTHING_TO_COMPACT,
    messagesToSummarize: [],
    turnPrefix: [],
    isSplitTurn: false,
    firstKeptEntryId: entries[start]?.id ?? "",
    keptMessages: rangeMessages,
    tokensBefore: estimateContextTokens([...summaryMessage, ...rangeMessages]),
    ...readPrevious(previousEntry),
  };
  if (start >= entries.length) return noop;
  const cut = findCutPoint({ entries, start, keepRecentTokens: options.keepRecentTokens });
  if (cut === undefined) return noop;

  const { turnStartIndex, cutIndex } = cut;
  const messagesToSummarize = messagesOf(entries.slice(start, turnStartIndex ?? cutIndex));
  const turnPrefix = turnStartIndex === undefined ? [] : messagesOf(entries.slice(turnStartIndex, cutIndex));
  const { skip: _skip, ...plan } = noop;
  return {
    ...(messagesToSummarize.length === 0 && turnPrefix.length === 0 ? { skip: NOTHING_TO_COMPACT } : {}),
    ...plan,
    messagesToSummarize,
    turnPrefix,
    isSplitTurn: turnStartIndex !== undefined,
    firstKeptEntryId: entries[cut.firstKeptIndex]?.id ?? "",
    keptMessages: messagesOf(entries.slice(cutIndex)),
  };
}
