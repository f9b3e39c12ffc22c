import type { Message, ToolResultMessage } from "../domain/index.js";
import type { CacheTtlSettings } from "./cache-ttl-settings.js";
import { countPruningChars, joinToolResultText } from "./count-pruning-chars.js";
import { createToolNameFilter } from "./create-tool-name-filter.js";

export { type CacheTtlSettings, DEFAULT_CACHE_TTL_SETTINGS } from "./cache-ttl-settings.js";
export { isCacheTtlDue } from "./is-cache-ttl-due.js";
export { isCacheTtlProvider } from "./is-cache-ttl-provider.js";

/** Chars per token of the pruning ratio's denominator (`charWindow = contextWindow × 4`). */
const CHARS_PER_TOKEN = 4;

/**
 * The indices cache-TTL pruning may touch (context.md §6.4 step 1): from the first user message up
 * to, not including, the `keep`-th last assistant message (`keep` 0 ⇒ to the end). `undefined`
 * when there is no user message or fewer than `keep` assistant messages.
 */
export function findPrunableRange(
  messages: readonly Message[],
  keep: number,
): { start: number; end: number } | undefined {
  const start = messages.findIndex((message) => message.role === "user");
  if (start === -1) return undefined;
  if (keep <= 0) return { start, end: messages.length };
  const assistants: number[] = [];
  messages.forEach((message, index) => {
    if (message.role === "assistant") assistants.push(index);
  });
  const end = assistants[assistants.length - keep];
  return end === undefined ? undefined : { start, end };
}

/** The §6.4 soft-trimmed text, or `undefined` when `text` is not long enough to trim. */
export function softTrimText(text: string, softTrim: CacheTtlSettings["softTrim"]): string | undefined {
  const { maxChars, headChars, tailChars } = softTrim;
  if (text.length <= maxChars || headChars + tailChars >= text.length) return undefined;
  const head = text.slice(0, headChars);
  const tail = text.slice(text.length - tailChars);
  const note = `[Tool result trimmed: kept first ${headChars} chars and last ${tailChars} chars of ${text.length} chars.]`;
  return `${head}\n...\n${tail}\n\n${note}`;
}

function withText(message: ToolResultMessage, text: string): ToolResultMessage {
  return { ...message, content: [{ type: "text", text }] };
}

/**
 * Cache-TTL pruning of one request's context (context.md §6.4), for a context window of
 * `contextWindow` tokens; call it only when `isCacheTtlProvider` and `isCacheTtlDue` allow. When
 * the chars reach `softTrimRatio` of the window, prunable tool results (outside the protected tail,
 * after the first user message, allowed by `tools`) longer than `softTrim.maxChars` are cut to head
 * and tail; while the ratio is still at least `hardClearRatio` (and hard clear is enabled and the
 * prunable results hold ≥ `minPrunableToolChars`), they are replaced by the placeholder oldest
 * first. `softTrimmed` and `hardCleared` list `toolCallId`s by final state. The returned list is
 * for this request only; the input (and so the transcript) is never changed. Pure.
 */
export function pruneCacheTtl(options: {
  messages: readonly Message[];
  /** Tokens. */
  contextWindow: number;
  settings: CacheTtlSettings;
}): { messages: Message[]; softTrimmed: string[]; hardCleared: string[] } {
  const { settings } = options;
  const messages = [...options.messages];
  const charWindow = options.contextWindow * CHARS_PER_TOKEN;
  const range = findPrunableRange(messages, settings.keepLastAssistants);
  let total = 0;
  for (const message of messages) total += countPruningChars(message);
  if (range === undefined || charWindow <= 0 || total / charWindow < settings.softTrimRatio) {
    return { messages, softTrimmed: [], hardCleared: [] };
  }
  const isAllowed = createToolNameFilter(settings.tools);
  const prunable: number[] = [];
  for (let index = range.start; index < range.end; index++) {
    const message = messages[index] as Message;
    if (message.role === "tool_result" && isAllowed(message.toolName)) prunable.push(index);
  }
  const states = new Map<number, "soft" | "hard">();
  const replace = (index: number, text: string, state: "soft" | "hard"): void => {
    const message = messages[index] as ToolResultMessage;
    const next = withText(message, text);
    total += countPruningChars(next) - countPruningChars(message);
    messages[index] = next;
    states.set(index, state);
  };
  for (const index of prunable) {
    const trimmed = softTrimText(joinToolResultText((messages[index] as ToolResultMessage).content), settings.softTrim);
    if (trimmed !== undefined) replace(index, trimmed, "soft");
  }
  let prunableChars = 0;
  for (const index of prunable) prunableChars += countPruningChars(messages[index] as Message);
  if (settings.hardClear.enabled && prunableChars >= settings.minPrunableToolChars) {
    for (const index of prunable) {
      if (total / charWindow < settings.hardClearRatio) break;
      replace(index, settings.hardClear.placeholder, "hard");
    }
  }
  const idsIn = (state: "soft" | "hard"): string[] =>
    prunable
      .filter((index) => states.get(index) === state)
      .map((index) => (messages[index] as ToolResultMessage).toolCallId);
  return { messages, softTrimmed: idsIn("soft"), hardCleared: idsIn("hard") };
}
