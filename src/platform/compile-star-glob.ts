import { checkPatternLength, compileSafeRegex, type SafeRegexResult } from "./compile-safe-regex.js";
import { escapeRegExp } from "./escape-reg-exp.js";

export interface CompileStarGlobOptions {
  /** `*` matches any run of characters (`/` and newlines included); everything else is literal. */
  glob: string;
  /** Also read `?` as any one character; default `false` (a literal `?`). */
  questionMark?: boolean;
  /** Default `false`. */
  ignoreCase?: boolean;
}

/**
 * A whole-text wildcard pattern (tool-name globs, command globs) on the linear-time engine:
 * anchored at both ends, so `*a*a*a*b` against a long run of `a` answers at once where a
 * backtracking `^.*a.*a.*a.*b$` would not. A glob longer than `MAX_REGEX_PATTERN_CHARS`, or one
 * compiling too large, is a problem. Pure; never throws.
 */
export function compileStarGlob(options: CompileStarGlobOptions): SafeRegexResult {
  const { glob } = options;
  const tooLong = checkPatternLength({ text: glob, noun: "glob" });
  if (tooLong !== undefined) return { ok: false, problem: tooLong };
  let source = "";
  for (const char of glob) {
    if (char === "*") source += "(?s:.*)";
    else if (char === "?" && options.questionMark === true) source += "(?s:.)";
    else source += escapeRegExp(char);
  }
  return compileSafeRegex({
    pattern: `^${source}$`,
    flags: options.ignoreCase === true ? "i" : "",
    // The glob itself was bounded above; its translation is longer by construction.
    maxPatternChars: Number.POSITIVE_INFINITY,
  });
}
