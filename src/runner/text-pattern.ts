import { checkPatternLength, compileSafeRegex } from "../platform/compile-safe-regex.js";

/** A `--filter` or `--exclude` value: plain text or a `/regex/flags`. */
export interface TextPattern {
  /** As written. */
  readonly source: string;
  /** Plain text: whether `text` contains it, ignoring case; a regex: whether it matches. Never throws. */
  test(text: string): boolean;
}

export type ParseTextPatternResult = { ok: true; pattern: TextPattern } | { ok: false; problem: string };

/** `/body/flags` as a whole: a regex; anything else is plain text. */
const REGEX_FORM = /^\/([\s\S]+)\/([a-z]*)$/;

/**
 * Reads a selection pattern: `/…/flags` is a regex on the linear-time engine (JavaScript syntax,
 * flags `i`, `m`, `s`; no backreferences or lookaround), bounded in length and size like every
 * regex claw-eval takes from its users; any other text is matched as a case-insensitive
 * substring. Pure.
 */
export function parseTextPattern(text: string): ParseTextPatternResult {
  const tooLong = checkPatternLength({ text, noun: "pattern" });
  if (tooLong !== undefined) return { ok: false, problem: tooLong };
  const match = REGEX_FORM.exec(text);
  if (match === null) {
    const lower = text.toLowerCase();
    return { ok: true, pattern: { source: text, test: (value) => value.toLowerCase().includes(lower) } };
  }
  const compiled = compileSafeRegex({ pattern: match[1] ?? "", flags: match[2] ?? "" });
  if (!compiled.ok) return { ok: false, problem: compiled.problem };
  const { regex } = compiled;
  return {
    ok: true,
    pattern: { source: text, test: (value) => regex.test(value.slice(0, regex.searchBudgetChars)) },
  };
}
