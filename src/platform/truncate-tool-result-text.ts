/**
 * Appended to a tool result the overflow rewrite shortened (context.md §6.3). Its length is the
 * `S` of the §6.3 arithmetic.
 */
export const TRUNCATION_SUFFIX =
  "\n\n⚠️ [Cut to fit the model's context window: the text above is only part of the original. " +
  "To see more, ask for specific sections, or read it in smaller pieces with offset/limit parameters.]";

/** Appended to a tool result the persist cap shortened when it was written (context.md §6.1). */
export const GUARD_TRUNCATION_SUFFIX =
  "\n\n⚠️ [Shortened when saved: the original was over the size limit for a stored result. " +
  "To get the rest, read it in pieces with offset/limit parameters, or ask for the specific sections you need.]";

/** Put between the kept head and tail; 63 UTF-16 units (context.md §6.3). */
export const MIDDLE_OMITTED_MARKER = "\n\n⚠️ [... middle content omitted — showing head and tail ...]\n\n";

/** Chars at the end of a text that {@link hasImportantTail} looks at. */
const TAIL_WINDOW = 2000;
/** Largest tail kept by the head-and-tail shape, chars. */
const MAX_TAIL = 4000;

const PROBLEM_WORDS = /\b(?:error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code)\b/;
const OUTCOME_WORDS = /\b(?:total|summary|result|complete|finished|done)\b/;

/**
 * Whether the end of `text` likely carries what matters (context.md §6.3): its last 2 000 chars,
 * lower-cased, name a problem (`error`, `exception`, `failed`, `fatal`, `traceback`, `panic`,
 * `stack trace`, `errno`, `exit code`) or an outcome (`total`, `summary`, `result`, `complete`,
 * `finished`, `done`) as whole words, or end with `}` (trailing whitespace ignored).
 */
export function hasImportantTail(text: string): boolean {
  const tail = text.slice(-TAIL_WINDOW).toLowerCase();
  return PROBLEM_WORDS.test(tail) || tail.trimEnd().endsWith("}") || OUTCOME_WORDS.test(tail);
}

/** Where to end a head of at most `limit` chars: the last newline at or before `limit` when it lies past 80 % of it. */
function headEnd(text: string, limit: number): number {
  const newline = text.lastIndexOf("\n", limit);
  return newline > limit * 0.8 ? newline : limit;
}

/** Where to start a tail of `size` chars: after the first newline when it lies in the tail's first 20 %. */
function tailStart(text: string, size: number): number {
  const start = text.length - size;
  const newline = text.indexOf("\n", start);
  return newline !== -1 && newline - start < size * 0.2 ? newline + 1 : start;
}

/**
 * Shortens `text` to about `maxChars` chars (UTF-16 units) for the model (context.md §6.3). Text
 * that fits is returned unchanged. Otherwise `budget = max(minKeep, maxChars − suffix.length)`;
 * when {@link hasImportantTail} and `budget > 2 × minKeep`, the result keeps a head, the 63-char
 * {@link MIDDLE_OMITTED_MARKER} and a tail of `min(⌊0.3 × budget⌋, 4000)` chars (head and tail
 * snapped to line breaks near their edges); else it keeps only a head of `budget` chars. The
 * suffix always ends the result. The result is at most `maxChars` chars whenever
 * `maxChars ≥ 2 × minKeep + suffix.length + 63`. Pure.
 */
export function truncateToolResultText(options: {
  text: string;
  /** Chars. */
  maxChars: number;
  /** Appended after the kept text, usually {@link TRUNCATION_SUFFIX} or {@link GUARD_TRUNCATION_SUFFIX}. */
  suffix: string;
  /** Chars the budget never drops below; default 2 000. */
  minKeep?: number;
}): string {
  const { text, maxChars, suffix } = options;
  if (text.length <= maxChars) return text;
  const minKeep = options.minKeep ?? 2000;
  const budget = Math.max(minKeep, maxChars - suffix.length);
  if (hasImportantTail(text) && budget > 2 * minKeep) {
    const tailSize = Math.min(Math.floor(0.3 * budget), MAX_TAIL);
    const headSize = budget - tailSize - MIDDLE_OMITTED_MARKER.length;
    if (headSize > minKeep) {
      const head = text.slice(0, headEnd(text, headSize));
      return head + MIDDLE_OMITTED_MARKER + text.slice(tailStart(text, tailSize)) + suffix;
    }
  }
  return text.slice(0, headEnd(text, budget)) + suffix;
}
