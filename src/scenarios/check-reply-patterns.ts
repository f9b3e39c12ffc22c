import { formatFieldPath } from "../domain/format-field-path.js";
import type { Diagnostic, Turn } from "../domain/index.js";
import { compileSafeRegex } from "../platform/compile-safe-regex.js";

export interface CheckReplyPatternsOptions {
  turns: readonly Turn[];
  /** Which expectations to check, by turn index and position; default all. */
  only?: (turnIndex: number, position: number) => boolean;
}

/** Diagnostics for `reply-matches` patterns the linear-time engine cannot compile, at the expectation. Pure. */
export function checkReplyPatterns(options: CheckReplyPatternsOptions): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  options.turns.forEach((turn, turnIndex) => {
    turn.expect.forEach((expectation, position) => {
      if (expectation.type !== "reply-matches") return;
      if (options.only !== undefined && !options.only(turnIndex, position)) return;
      const compiled = compileSafeRegex({ pattern: expectation.pattern, flags: expectation.flags });
      if (compiled.ok) return;
      diagnostics.push({
        ...expectation.location,
        path: formatFieldPath(["turns", turnIndex, "expect", position, "reply-matches"]),
        expected: "a regular expression without backreferences or lookaround",
        found: compiled.problem,
        severity: "error",
      });
    });
  });
  return diagnostics;
}
