import { type Diagnostic, errorMessage, type Turn } from "../domain/index.js";
import { formatFieldPath } from "./format-field-path.js";

export interface CheckReplyPatternsOptions {
  turns: readonly Turn[];
  /** Which expectations to check, by turn index and position; default all. */
  only?: (turnIndex: number, position: number) => boolean;
}

/** Diagnostics for `reply-matches` patterns that do not compile, at the expectation. Pure. */
export function checkReplyPatterns(options: CheckReplyPatternsOptions): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  options.turns.forEach((turn, turnIndex) => {
    turn.expect.forEach((expectation, position) => {
      if (expectation.type !== "reply-matches") return;
      if (options.only !== undefined && !options.only(turnIndex, position)) return;
      const problem = regexProblem(expectation.pattern, expectation.flags);
      if (problem === undefined) return;
      diagnostics.push({
        ...expectation.location,
        path: formatFieldPath(["turns", turnIndex, "expect", position, "reply-matches"]),
        expected: "a valid regular expression",
        found: problem.replace(/^Invalid/, "invalid"),
        severity: "error",
      });
    });
  });
  return diagnostics;
}

function regexProblem(pattern: string, flags: string): string | undefined {
  try {
    new RegExp(pattern, flags);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}
