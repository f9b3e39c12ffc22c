import type { BaselineChange, RunResult } from "../domain/index.js";
import { code, markdownTable } from "./markdown-text.js";
import { REGRESSION_HEADINGS, REGRESSION_RULE, regressionHeadline, regressionRows } from "./regression-rows.js";

/** Changes listed in full per table; the rest are counted (GitHub caps a step summary at 1 MiB). */
const MAX_ROWS = 200;

function changeSection(title: string, changes: readonly BaselineChange[]): string[] {
  if (changes.length === 0) return [`### ${title}`, "", "None.", ""];
  // Ids as inline code: GitHub would otherwise render markup in a scenario id.
  const shown = regressionRows(changes.slice(0, MAX_ROWS)).map(([change = "", model = "", ...values], index) => [
    changes[index]?.kind === "unit" ? code(change) : change,
    code(model),
    ...values,
  ]);
  const more =
    changes.length > MAX_ROWS ? [`… and ${changes.length - MAX_ROWS} more (all are in results.json).`, ""] : [];
  return [`### ${title} (${changes.length})`, "", ...markdownTable(REGRESSION_HEADINGS, shown), "", ...more];
}

/**
 * The "Baseline" section of `summary.md` (pure): the headline, the rule, then the regressions
 * and the improvements as tables. No lines when the run was not compared with a baseline.
 */
export function renderMarkdownRegressions(result: RunResult): string[] {
  const { regressions } = result;
  if (regressions === undefined) return [];
  return [
    "## Baseline",
    "",
    regressionHeadline(regressions),
    "",
    REGRESSION_RULE,
    "",
    ...changeSection("Regressions", regressions.regressions),
    ...changeSection("Improvements", regressions.improvements),
  ];
}
