import type { CompactionTrigger, Message, Runtime } from "../domain/index.js";
import { estimateMessagesTokens } from "../platform/estimate-tokens.js";
import { auditCompaction } from "./audit-compaction.js";
import { findLatestUserAsk } from "./audit-summary-quality.js";
import { compactHistory } from "./compact-history.js";
import type { CompactionSettings } from "./compaction-settings.js";
import type { CompactionHooks, CompactResult } from "./context-engine.js";
import { formatFileOperations } from "./format-file-operations.js";
import { planCompaction } from "./plan-compaction.js";
import type { SessionTranscript } from "./session-transcript.js";
import { acquireSessionWriteLock } from "./session-write-lock.js";
import type { Summarize } from "./summarize-in-stages.js";

export interface RunCompactionOptions {
  runtime: Runtime;
  transcript: SessionTranscript;
  /** The session file; its `.lock` is held for the whole compaction (context.md §1.3). */
  sessionFile: string;
  /** Writes the entries the compaction appended (the transcript's `drain()`). */
  persist(): Promise<void>;
  trigger: CompactionTrigger;
  settings: CompactionSettings;
  summarize: Summarize;
  customInstructions?: string;
  /** The workspace AGENTS.md text, for the critical-rules section (context.md §5.9). */
  workspaceRules?: string;
  hooks?: CompactionHooks;
  signal?: AbortSignal;
}

/** A compaction's result; `audit` is set when an entry was written. */
export type CompactionRun = CompactResult;

/**
 * One compaction of a session (context.md §4.3–§5.9): plan the cut, summarise under the timeout
 * with the write lock held, write the `compaction` entry, fire the hooks. History is kept
 * whenever the result is not `compacted`. Never throws.
 */
export async function runCompaction(options: RunCompactionOptions): Promise<CompactionRun> {
  const { runtime, transcript, settings } = options;
  const plan = planCompaction({ entries: transcript.branch, keepRecentTokens: settings.keepRecentTokens });
  if (plan.skip !== undefined) {
    return { ok: true, compacted: false, reason: plan.skip, result: { tokensBefore: plan.tokensBefore } };
  }
  const lock = await acquireSessionWriteLock({ runtime, sessionFile: options.sessionFile });
  if (!lock.ok) return { ok: false, compacted: false, reason: lock.error, result: { tokensBefore: plan.tokensBefore } };
  try {
    const started = runtime.now();
    const context = transcript.buildContext();
    const compacting = [...plan.messagesToSummarize, ...plan.turnPrefix];
    await options.hooks?.before({
      messageCount: context.length,
      compactingCount: compacting.length,
      messages: compacting,
      sessionFile: options.sessionFile,
    });
    const timeout = new AbortController();
    const onAbort = () => timeout.abort(options.signal?.reason ?? "aborted");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const timeoutMs = settings.timeoutSeconds * 1000;
    const timer = runtime.after(timeoutMs, timeout.signal).then(() => {
      if (!timeout.signal.aborted) timeout.abort("timeout");
    });
    const outcome = await compactHistory({
      plan,
      settings,
      summarize: options.summarize,
      sleep: runtime.sleep,
      random: runtime.random,
      signal: timeout.signal,
      ...(options.customInstructions === undefined ? {} : { customInstructions: options.customInstructions }),
      ...(options.workspaceRules === undefined ? {} : { workspaceRules: options.workspaceRules }),
    });
    options.signal?.removeEventListener("abort", onAbort);
    if (!timeout.signal.aborted) timeout.abort("done");
    await timer;
    if (!outcome.compacted) {
      return { ok: outcome.ok, compacted: false, reason: outcome.reason, result: { tokensBefore: plan.tokensBefore } };
    }
    const summaryMessage: Message = {
      role: "compaction_summary",
      summary: outcome.summary,
      tokensBefore: plan.tokensBefore,
    };
    const tokensAfter = estimateMessagesTokens([summaryMessage, ...plan.keptMessages]);
    transcript.appendCompaction({
      summary: outcome.summary,
      firstKeptEntryId: plan.firstKeptEntryId,
      tokensBefore: plan.tokensBefore,
      tokensAfter,
      details: outcome.details,
    });
    await options.persist();
    const after = transcript.buildContext();
    await options.hooks?.after({
      messageCount: after.length,
      tokenCount: tokensAfter,
      compactedCount: context.length - after.length,
      sessionFile: options.sessionFile,
    });
    const ask = findLatestUserAsk([...plan.messagesToSummarize, ...plan.turnPrefix, ...plan.keptMessages]);
    const audit = auditCompaction({
      trigger: options.trigger,
      removed: compacting,
      summary: outcome.summary,
      keptMessages: plan.keptMessages,
      tokensBefore: plan.tokensBefore,
      mode: settings.mode,
      ...(ask === undefined ? {} : { latestAsk: ask }),
      durationMs: runtime.now() - started,
      timeoutSeconds: settings.timeoutSeconds,
      fileOpsChars: formatFileOperations(outcome.details).length,
    });
    return {
      ok: true,
      compacted: true,
      result: {
        summary: outcome.summary,
        firstKeptEntryId: plan.firstKeptEntryId,
        tokensBefore: plan.tokensBefore,
        tokensAfter,
      },
      audit,
    };
  } finally {
    await lock.release();
  }
}
