import type { Message } from "../domain/index.js";
import { estimateContextTokens, usageTotal } from "../platform/estimate-tokens.js";

/** What providers say when a request is larger than the model's window (context.md §4.2). */
const OVERFLOW_TEXT =
  /context[ _]length[ _]exceeded|request[ _]too[ _]large|prompt is too long|input is too long|maximum context length|exceeds? (?:the )?(?:model'?s? )?context window|too many (?:input )?tokens/i;

/** Whether a provider's error text reports a context overflow. Pure. */
export function isContextOverflowText(text: string): boolean {
  return OVERFLOW_TEXT.test(text.slice(0, 2000));
}

/** The user-visible error of a run that overflowed beyond recovery (context.md §4.2). */
export function formatContextOverflowError(cause: string): string {
  return (
    `Context overflow: ${cause}. The conversation no longer fits the model's context window even after ` +
    "compaction. Start a fresh session with /reset or /new, or use a model with a larger context window."
  );
}

/**
 * The threshold trigger (context.md §4.2 item 1), checked once when a run's loop ends: the last
 * assistant message's reported usage, or the §3 context estimate when the provider reported none,
 * compared strictly with `contextWindow − reserveTokens`. A run whose last assistant message is an
 * error never compacts here. Pure.
 */
export function isOverCompactionThreshold(options: {
  messages: readonly Message[];
  /** Tokens. */
  contextWindow: number;
  /** The effective reserve, tokens. */
  reserveTokens: number;
}): { over: boolean; contextTokens: number } {
  const { messages } = options;
  let last: Extract<Message, { role: "assistant" }> | undefined;
  for (let index = messages.length - 1; index >= 0 && last === undefined; index--) {
    const message = messages[index] as Message;
    if (message.role === "assistant") last = message;
  }
  if (last === undefined || last.stopReason === "error") return { over: false, contextTokens: 0 };
  const reported = last.usage === undefined ? 0 : usageTotal(last.usage);
  const contextTokens = reported > 0 ? reported : estimateContextTokens(messages);
  return { over: contextTokens > options.contextWindow - options.reserveTokens, contextTokens };
}
