import type { CompactionFileDetails, Message } from "../domain/index.js";
import { isAbortError } from "../domain/index.js";
import { applyQualityGuard } from "./apply-quality-guard.js";
import { assembleCompactionSummary, buildStructuredFallbackSummary } from "./assemble-compaction-summary.js";
import { NO_PRIOR_HISTORY } from "./chunk-messages.js";
import { collectFileOperations } from "./collect-file-operations.js";
import type { CompactionSettings } from "./compaction-settings.js";
import type { CompactionPlan } from "./plan-compaction.js";
import { splitPreservedRecentTurns } from "./preserve-recent-turns.js";
import { summarizeDroppedHistory } from "./summarize-dropped-history.js";
import { type Summarize, type SummarizerContext, summarizeInStages } from "./summarize-in-stages.js";

/** Reason of a compaction cancelled because nothing it would remove is conversation (§5.1 step 1). */
export const NO_REAL_CONVERSATION = "no real conversation";
/** Reason of a compaction whose signal aborted with a timeout reason (§5.6). */
export const COMPACTION_TIMED_OUT = "Compaction timed out";
/** Reason of a compaction aborted for any other reason (interrupt). */
export const COMPACTION_ABORTED = "aborted";
/** Prefix of the reason of a compaction that failed with an error (§5.1 step 10). */
export const SUMMARY_FAILURE_PREFIX = "Compaction safeguard could not summarize the session: ";

export interface CompactHistoryOptions {
  /** What to summarise and keep (context.md §4.3). */
  plan: CompactionPlan;
  settings: CompactionSettings;
  summarize: Summarize;
  /** Waits between summariser attempts; resolves early when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1), for the retry jitter. */
  random(): number;
  /** The `/compact` text, passed to the summariser as untrusted data. */
  customInstructions?: string;
  /** The workspace AGENTS.md text, when the workspace has one. */
  workspaceRules?: string;
  /**
   * Aborting (timeout, interrupt) cancels the compaction: history kept. The caller builds it from
   * `settings.timeoutSeconds`; a reason naming a timeout gives `Compaction timed out`.
   */
  signal?: AbortSignal;
}

export type CompactHistoryResult =
  | { ok: true; compacted: true; summary: string; details: CompactionFileDetails; summarizerCalls: number }
  | { ok: boolean; compacted: false; reason: string };

const CONVERSATION_ROLES: ReadonlySet<Message["role"]> = new Set(["user", "assistant", "tool_result"]);

function abortReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  const described =
    typeof reason === "object" && reason !== null
      ? `${String((reason as { name?: unknown }).name)} ${String((reason as { message?: unknown }).message)}`
      : String(reason);
  return /time[sd]?[\s_-]?out/i.test(described) ? COMPACTION_TIMED_OUT : COMPACTION_ABORTED;
}

/**
 * One compaction's summary (context.md §5.1): cancels without real conversation; computes file
 * operations and tool failures from the original inputs; in safeguard mode prunes history over
 * its window share (§5.2, the dropped part summarised first), splits off preserved turns (§5.4),
 * summarises in stages (§5.3), summarises a split turn's prefix (§5.5), runs the optional quality
 * guard (§5.7) and assembles the capped summary (§5.9). `mode: "default"` skips §5.2, §5.4, the
 * guard and every section but split turn and file ops. A plan with `skip` resolves
 * `{ ok: true, compacted: false, reason: skip }`. Never rejects: errors and aborts come back as
 * `compacted: false` with a reason, and the caller keeps the history.
 */
export async function compactHistory(options: CompactHistoryOptions): Promise<CompactHistoryResult> {
  const { plan, signal } = options;
  if (plan.skip !== undefined) return { ok: true, compacted: false, reason: plan.skip };
  const removed = [...plan.messagesToSummarize, ...plan.turnPrefix];
  if (!removed.some((message) => CONVERSATION_ROLES.has(message.role))) {
    return { ok: false, compacted: false, reason: NO_REAL_CONVERSATION };
  }
  if (signal?.aborted) return { ok: false, compacted: false, reason: abortReason(signal) };
  let summarizerCalls = 0;
  const context: SummarizerContext = {
    summarize: (request) => {
      summarizerCalls++;
      return options.summarize(request);
    },
    sleep: options.sleep,
    random: options.random,
    settings: options.settings,
    ...(options.customInstructions === undefined ? {} : { customInstructions: options.customInstructions }),
    ...(signal === undefined ? {} : { signal }),
  };
  try {
    const details = collectFileOperations({
      messages: removed,
      ...(plan.previousFileDetails === undefined ? {} : { previous: plan.previousFileDetails }),
    });
    const summary =
      options.settings.mode === "default"
        ? await summarizeDefaultMode(context, options, details)
        : await summarizeSafeguardMode(context, options, details);
    return { ok: true, compacted: true, summary, details, summarizerCalls };
  } catch (error) {
    if (isAbortError(error, signal)) return { ok: false, compacted: false, reason: abortReason(signal) };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, compacted: false, reason: `${SUMMARY_FAILURE_PREFIX}${message}` };
  }
}

function previousOf(summary: string | undefined): { previousSummary?: string } {
  return summary === undefined ? {} : { previousSummary: summary };
}

async function summarizeTurnPrefix(context: SummarizerContext, plan: CompactionPlan): Promise<string | undefined> {
  if (!plan.isSplitTurn || plan.turnPrefix.length === 0) return undefined;
  return summarizeInStages({ ...context, kind: "turn-prefix" }, { messages: plan.turnPrefix });
}

async function summarizeDefaultMode(
  context: SummarizerContext,
  options: CompactHistoryOptions,
  details: CompactionFileDetails,
): Promise<string> {
  const { plan } = options;
  const historySummary =
    plan.messagesToSummarize.length > 0
      ? await summarizeInStages(context, { messages: plan.messagesToSummarize, ...previousOf(plan.previousSummary) })
      : (plan.previousSummary ?? NO_PRIOR_HISTORY);
  const turnPrefixSummary = await summarizeTurnPrefix(context, plan);
  return assembleCompactionSummary({
    historySummary,
    ...(turnPrefixSummary === undefined ? {} : { turnPrefixSummary }),
    fileOperations: details,
    mode: "default",
  });
}

async function summarizeSafeguardMode(
  context: SummarizerContext,
  options: CompactHistoryOptions,
  details: CompactionFileDetails,
): Promise<string> {
  const { plan, settings } = options;
  const { history, previousSummary } = await summarizeDroppedHistory(context, plan);
  const split = splitPreservedRecentTurns({ messages: history, recentTurnsPreserve: settings.recentTurnsPreserve });
  const stage = { messages: split.summarize, ...previousOf(previousSummary) };
  let historySummary =
    stage.messages.length > 0
      ? await summarizeInStages(context, stage)
      : buildStructuredFallbackSummary(previousOf(previousSummary));
  const turnPrefixSummary = await summarizeTurnPrefix(context, plan);
  if (stage.messages.length > 0)
    historySummary = await applyQualityGuard(context, { summary: historySummary, ...stage });
  return assembleCompactionSummary({
    historySummary,
    ...(turnPrefixSummary === undefined ? {} : { turnPrefixSummary }),
    preserved: split.preserved,
    compactedMessages: [...plan.messagesToSummarize, ...plan.turnPrefix],
    fileOperations: details,
    ...(options.workspaceRules === undefined ? {} : { workspaceRules: options.workspaceRules }),
  });
}
