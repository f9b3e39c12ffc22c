import type { Message } from "../domain/index.js";
import { createAbortError, isAbortError, raceAbort } from "../domain/index.js";
import { buildSummaryRequest, type SummaryKind } from "./build-summary-request.js";
import { chunkMessagesByMaxTokens, NO_PRIOR_HISTORY } from "./chunk-messages.js";
import type { CompactionSettings } from "./compaction-settings.js";

/** One summariser request: the system message, one user message, the output budget in tokens. */
export interface SummarizeRequest {
  systemPrompt: string;
  userText: string;
  maxTokens: number;
  signal?: AbortSignal;
}

/** One summariser call. Rejects on failure; an AbortError (name "AbortError") is never retried. */
export type Summarize = (request: SummarizeRequest) => Promise<string>;

/** What every summarisation stage needs besides its messages. */
export interface SummarizerContext {
  summarize: Summarize;
  /** Waits `ms` ms between attempts; resolves early (without error) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1), for the retry jitter. */
  random(): number;
  settings: CompactionSettings;
  /** Default `"history"`. */
  kind?: SummaryKind;
  /** The `/compact` text. */
  customInstructions?: string;
  /** Audit reasons of a rejected attempt (context.md §5.7). */
  qualityFeedback?: readonly string[];
  /** Aborting stops at once: no retry, no fallback; the stage rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Attempts per summariser call (context.md §5.3). */
export const SUMMARY_ATTEMPTS = 3;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 5000;
const JITTER = 0.2;

/**
 * The wait before attempt `attempt + 1`, ms (context.md §5.3): `min(5000, 500 × 2^(attempt−1))`
 * ± 20 % jitter from `random`, clamped to [500, 5000] and rounded.
 */
export function computeRetryDelay(attempt: number, random: () => number): number {
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  const jittered = base * (1 + JITTER * (2 * random() - 1));
  return Math.round(Math.min(MAX_DELAY_MS, Math.max(BASE_DELAY_MS, jittered)));
}

async function callWithRetries(context: SummarizerContext, request: SummarizeRequest): Promise<string> {
  const { signal } = context;
  for (let attempt = 1; ; attempt++) {
    try {
      return await raceAbort(
        () => context.summarize(signal === undefined ? request : { ...request, signal }),
        signal,
        "The compaction",
      );
    } catch (error) {
      if (isAbortError(error, signal) || attempt >= SUMMARY_ATTEMPTS) throw error;
    }
    await context.sleep(computeRetryDelay(attempt, context.random), signal);
    if (signal?.aborted) throw createAbortError(signal, "The compaction");
  }
}

/**
 * Summarises `messages` chunk by chunk (context.md §5.3 `summarizeChunks`): chunks by
 * `maxChunkTokens` (tokens, §4.5), one call per chunk in order, each given the running summary as
 * its previous summary. Each call gets {@link SUMMARY_ATTEMPTS} attempts; a chunk that fails them
 * all rejects. Empty input gives `previousSummary` or `"No prior history."` without a call.
 * `details` never reach the summariser (the serialiser skips them).
 */
export async function summarizeChunks(
  context: SummarizerContext,
  options: { messages: readonly Message[]; maxChunkTokens: number; previousSummary?: string; merge?: boolean },
): Promise<string> {
  if (options.messages.length === 0) return options.previousSummary ?? NO_PRIOR_HISTORY;
  let summary = options.previousSummary;
  for (const chunk of chunkMessagesByMaxTokens(options.messages, options.maxChunkTokens)) {
    const request = buildSummaryRequest({
      kind: context.kind ?? "history",
      messages: chunk,
      settings: context.settings,
      ...(options.merge === true ? { merge: true } : {}),
      ...(summary === undefined ? {} : { previousSummary: summary }),
      ...(context.customInstructions === undefined ? {} : { customInstructions: context.customInstructions }),
      ...(context.qualityFeedback === undefined ? {} : { qualityFeedback: context.qualityFeedback }),
    });
    summary = await callWithRetries(context, request);
  }
  return summary ?? NO_PRIOR_HISTORY;
}
