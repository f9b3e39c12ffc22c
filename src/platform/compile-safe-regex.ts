import { RE2JS, RE2JSException } from "re2js";
import { findUnsupportedRegexConstruct } from "./find-unsupported-regex-construct.js";

/** Longest pattern accepted, in characters (UTF-16 code units). */
export const MAX_REGEX_PATTERN_CHARS = 1000;

/** Largest compiled pattern accepted, in engine instructions (the worst-case cost of each character searched). */
export const MAX_REGEX_PROGRAM_SIZE = 2000;

/**
 * What one regex may spend on one tool call or one expectation, in instructions × characters
 * searched: about a second in the worst case, so a pattern that cannot backtrack still cannot
 * stall the runner on a huge text.
 */
export const MAX_REGEX_WORK = 50_000_000;

/** A pattern compiled for the linear-time engine. */
export interface SafeRegex {
  /** The pattern as given. */
  readonly pattern: string;
  /** The flags as given. */
  readonly flags: string;
  /**
   * Characters the caller may pass to `test` in total for one tool call or expectation:
   * `MAX_REGEX_WORK` divided by the compiled size. Callers stop (and say so) beyond it.
   */
  readonly searchBudgetChars: number;
  /**
   * Whether the pattern matches anywhere in `text`. Stateless (a `g` flag changes nothing); time
   * linear in `text.length`, never backtracking; never throws.
   */
  test(text: string): boolean;
}

/** A compiled pattern, or why it cannot be one (one line, no trailing period). */
export type SafeRegexResult = { ok: true; regex: SafeRegex } | { ok: false; problem: string };

export interface CompileSafeRegexOptions {
  /** JavaScript syntax, as for `new RegExp(pattern)`. */
  pattern: string;
  /**
   * JavaScript flags: `i`, `m` and `s` as in JavaScript; `g`, `d` and `u` are accepted and change
   * nothing for a yes/no test; `y` and `v` are refused. Default `""`.
   */
  flags?: string;
  /** Match `pattern` as plain text; default `false`. */
  literal?: boolean;
  /**
   * Default {@link MAX_REGEX_PATTERN_CHARS}. Only callers that build the pattern themselves from
   * input they have already bounded (globs) may raise it.
   */
  maxPatternChars?: number;
}

const ENGINE_FLAGS: Readonly<Record<string, number>> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  g: 0,
  d: 0,
  u: 0,
};

const REFUSED_FLAGS: Readonly<Record<string, string>> = {
  y: "flag y (sticky) is not supported",
  v: "flag v (unicode sets) is not supported",
};

const UNSUPPORTED_HINT = "patterns run on a linear-time engine, which has no backreferences or lookaround";

function engineFlags(flags: string): { ok: true; bits: number } | { ok: false; problem: string } {
  let bits = 0;
  for (const [index, flag] of [...flags].entries()) {
    if (flags.indexOf(flag) !== index) return { ok: false, problem: `flag ${flag} is repeated` };
    const refused = REFUSED_FLAGS[flag];
    if (refused !== undefined) return { ok: false, problem: refused };
    const bit = Object.hasOwn(ENGINE_FLAGS, flag) ? ENGINE_FLAGS[flag] : undefined;
    if (bit === undefined) return { ok: false, problem: `unknown flag ${JSON.stringify(flag)} (use i, m or s)` };
    bits |= bit;
  }
  return { ok: true, bits };
}

function compileEngine(source: string, bits: number): { ok: true; engine: RE2JS } | { ok: false; problem: string } {
  try {
    return { ok: true, engine: RE2JS.compile(source, bits) };
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    return { ok: false, problem: error.message.replace(/^error parsing regexp: /, "") };
  }
}

/**
 * Why `text`, a pattern or glob as written (`noun` names which), is too long for the engine, or
 * `undefined` when it fits in `maxChars` (default {@link MAX_REGEX_PATTERN_CHARS}). Pure.
 */
export function checkPatternLength(options: { text: string; noun: string; maxChars?: number }): string | undefined {
  const maxChars = options.maxChars ?? MAX_REGEX_PATTERN_CHARS;
  const { length } = options.text;
  return length > maxChars
    ? `the ${options.noun} is ${length} characters long, more than the ${maxChars} allowed`
    : undefined;
}

/**
 * Compiles a JavaScript-syntax pattern for `re2js`, the linear-time engine every pattern from a
 * scenario or a tool call runs on. JavaScript-only spellings (`(?<name>`, `\u{…}`, `\cX`, `[^]`)
 * are translated; backreferences and lookaround are refused by name; too long or too large a
 * pattern is refused. Differences that remain: `\s` and `.` follow the engine (`\s` is ASCII
 * whitespace, `.` excludes only `\n`). Pure; never throws.
 */
export function compileSafeRegex(options: CompileSafeRegexOptions): SafeRegexResult {
  const { pattern } = options;
  const flags = options.flags ?? "";
  const tooLong = checkPatternLength({ text: pattern, noun: "pattern", maxChars: options.maxPatternChars });
  if (tooLong !== undefined) return { ok: false, problem: tooLong };
  const literal = options.literal === true;
  const construct = literal ? undefined : findUnsupportedRegexConstruct(pattern);
  if (construct !== undefined) {
    const problem = `${construct.name} ${construct.text} (at offset ${construct.index}) is not supported: ${UNSUPPORTED_HINT}`;
    return { ok: false, problem };
  }
  const bits = engineFlags(flags);
  if (!bits.ok) return bits;
  const compiled = compileEngine(literal ? RE2JS.quote(pattern) : RE2JS.translateRegExp(pattern), bits.bits);
  if (!compiled.ok) return compiled;
  const size = compiled.engine.programSize();
  if (size > MAX_REGEX_PROGRAM_SIZE) {
    const problem = `the pattern is too large: it compiles to ${size} instructions, more than the ${MAX_REGEX_PROGRAM_SIZE} allowed (use smaller repeat counts)`;
    return { ok: false, problem };
  }
  const { engine } = compiled;
  return {
    ok: true,
    regex: {
      pattern,
      flags,
      searchBudgetChars: Math.floor(MAX_REGEX_WORK / Math.max(1, size)),
      test: (text) => engine.test(text),
    },
  };
}
