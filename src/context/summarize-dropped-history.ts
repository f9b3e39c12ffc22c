import type { Message } from "../domain/index.js";
import { isAbortError } from "../domain/index.js";
import type { CompactionPlan } from "./plan-compaction.js";
import { pruneHistoryForContextShare, shouldPruneHistoryShare } from "./prune-history-share.js";
import { type SummarizerContext, summarizeInStages } from "./summarize-in-stages.js";

/** The history left to summarise after history-share pruning, and the previous summary to give it. */
export interface HistoryAfterPruning {
  history: Message[];
  previousSummary?: string;
}

/**
 * History-share pruning (context.md §5.2): when the tokens the compaction keeps exceed
 * `floor(contextWindow × maxHistoryShare × 1.2)`, the oldest history is dropped until the rest
 * fits its share, and the dropped messages are summarised first with {@link summarizeInStages}
 * (their own chunk budget, the plan's previous summary); that summary becomes the previous
 * summary of the rest. If summarising them fails, the plan's previous summary is kept. Rejects
 * only on abort.
 */
export async function summarizeDroppedHistory(
  context: SummarizerContext,
  plan: CompactionPlan,
): Promise<HistoryAfterPruning> {
  const { contextWindow, maxHistoryShare } = context.settings;
  const previous = plan.previousSummary === undefined ? {} : { previousSummary: plan.previousSummary };
  const unchanged = { history: plan.messagesToSummarize, ...previous };
  const over = shouldPruneHistoryShare({
    tokensBefore: plan.tokensBefore,
    messagesToSummarize: plan.messagesToSummarize,
    turnPrefix: plan.turnPrefix,
    contextWindow,
    maxHistoryShare,
  });
  if (!over) return unchanged;
  const pruned = pruneHistoryForContextShare({ messages: plan.messagesToSummarize, contextWindow, maxHistoryShare });
  if (pruned.dropped.length === 0) return unchanged;
  try {
    const droppedSummary = await summarizeInStages(context, { messages: pruned.dropped, ...previous });
    return { history: pruned.kept, previousSummary: droppedSummary };
  } catch (error) {
    if (isAbortError(error, context.signal)) throw error;
    return { history: pruned.kept, ...previous };
  }
}
