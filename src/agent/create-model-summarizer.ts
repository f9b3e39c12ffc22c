import type { Summarize } from "../context/summarize-in-stages.js";
import type { Model, ModelCallContext, Usage } from "../domain/index.js";
import { assistantText } from "../domain/index.js";

function abortError(message: string): Error {
  const error = new Error(message);
  error.name = "AbortError";
  return error;
}

/**
 * The summariser of a compaction (context.md §5.8) as one model call per request: the
 * summariser's system message and one user message, no tools, purpose `compaction` (so the
 * scripted model plays the scenario's `summaries`, never the turn's script). A failed call
 * rejects with the provider's message; an aborted one with an `AbortError`.
 */
export function createModelSummarizer(options: {
  model: Model;
  context: ModelCallContext;
  /** Sees the usage and cost of every answered call (the turn counts summaries in its totals). */
  onUsage?: (usage: Usage, costUsd: number | null) => void;
  /** Awaits the call as a wait on the unit's clock (`runtime.wait`), so a summariser that never answers lets the compaction timeout fire. */
  wait?: <T>(promise: Promise<T>) => Promise<T>;
}): Summarize {
  const wait = options.wait ?? (<T>(promise: Promise<T>) => promise);
  return async (request) => {
    if (request.signal?.aborted) throw abortError("summariser call aborted");
    const response = await wait(
      options.model.complete({
        systemPrompt: request.systemPrompt,
        messages: [{ role: "user", content: request.userText }],
        tools: [],
        maxTokens: request.maxTokens,
        context: { ...options.context, purpose: "compaction" },
        ...(request.signal ? { signal: request.signal } : {}),
      }),
    );
    if (response.ok) options.onUsage?.(response.usage, response.costUsd);
    if (!response.ok) {
      if (response.error.kind === "aborted" || request.signal?.aborted) throw abortError(response.error.message);
      throw new Error(`${options.model.id}: ${response.error.message}`);
    }
    const text = assistantText(response.message).trim();
    if (text === "") throw new Error(`${options.model.id} returned an empty summary`);
    return text;
  };
}
