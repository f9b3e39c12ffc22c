import type { BaselineChange, RateMetric, RunRegressions } from "../domain/index.js";
import { formatRate } from "./format-rate.js";

/** Column headings of a table of baseline changes. */
export const REGRESSION_HEADINGS: readonly string[] = ["Change", "Model", "Baseline", "This run"];

const METRIC_TITLES: Record<RateMetric, string> = {
  "pass-rate": "pass rate",
  quiet: "quiet-turn compliance",
  alert: "alert-turn compliance",
  "silent-expected": "silent-expected compliance",
  "reply-expected": "reply-expected compliance",
};

/** One table row per change (pure): what changed, the model, before and after. */
export function regressionRows(changes: readonly BaselineChange[]): string[][] {
  return changes.map((change) =>
    change.kind === "unit"
      ? [change.unitId, change.model, change.before, change.after]
      : [METRIC_TITLES[change.metric], change.model, formatRate(change.before), formatRate(change.after)],
  );
}

/** One line per change (pure): `api@scripted#r0: passed → failed`, `pass rate of scripted: 90.0% … → 40.0% …`. */
export function regressionLines(changes: readonly BaselineChange[]): string[] {
  return changes.map((change) =>
    change.kind === "unit"
      ? `${change.unitId}: ${change.before} → ${change.after}`
      : `${METRIC_TITLES[change.metric]} of ${change.model}: ${formatRate(change.before)} → ${formatRate(change.after)}`,
  );
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** `Baseline 20260101-…: 1 regression, 0 improvements (12 units compared, 1 new, 0 missing).` */
export function regressionHeadline(regressions: RunRegressions): string {
  const { baseline, unitsCompared, unitsNew, unitsMissing } = regressions;
  return `Baseline ${baseline.runId} (${baseline.startedAt}): ${count(regressions.regressions.length, "regression")}, ${count(regressions.improvements.length, "improvement")} (${count(unitsCompared, "unit")} compared, ${unitsNew} new, ${unitsMissing} missing).`;
}

/** What counts as a regression, in one sentence for every report. */
export const REGRESSION_RULE =
  "A regression is a unit that passed in the baseline and now fails or errors, or a rate whose Wilson 95% interval now lies entirely below the baseline's; improvements are the reverse.";
