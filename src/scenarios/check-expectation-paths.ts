import { formatFieldPath } from "../domain/format-field-path.js";
import type { Diagnostic, Expectation, Turn } from "../domain/index.js";
import { checkPathText, PATH_TEXT_RULE } from "./check-path-text.js";
import { describeValue } from "./describe-value.js";

export interface CheckExpectationPathsOptions {
  turns: readonly Turn[];
  /** Which expectations to check, by turn index and position; default all. */
  only?: (turnIndex: number, position: number) => boolean;
}

/** The file path an expectation reads, with the key it is written under. */
function pathOf(expectation: Expectation): { key: string; path: string } | undefined {
  if (expectation.type === "prompt-golden") return { key: "prompt-golden", path: expectation.file };
  if (expectation.type === "custom") return { key: "custom", path: expectation.module };
  return undefined;
}

/**
 * Diagnostics for expectation file paths (`prompt-golden`, `custom`) that no file system could
 * open (`checkPathText`), at the expectation. The schema checks paths as written; this catches
 * what a data-driven case fills in. Pure.
 */
export function checkExpectationPaths(options: CheckExpectationPathsOptions): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  options.turns.forEach((turn, turnIndex) => {
    turn.expect.forEach((expectation, position) => {
      if (options.only !== undefined && !options.only(turnIndex, position)) return;
      const target = pathOf(expectation);
      const problem = target === undefined ? undefined : checkPathText(target.path);
      if (target === undefined || problem === undefined) return;
      diagnostics.push({
        ...expectation.location,
        path: formatFieldPath(["turns", turnIndex, "expect", position, target.key]),
        expected: `a file path ${PATH_TEXT_RULE}`,
        found: `${describeValue(target.path)}, which ${problem}`,
        severity: "error",
      });
    });
  });
  return diagnostics;
}
