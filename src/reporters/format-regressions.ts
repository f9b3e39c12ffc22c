import type { RunResult } from "../domain/index.js";
import type { Colors } from "./format-console-summary.js";
import { regressionHeadline, regressionLines } from "./regression-rows.js";

/**
 * The console's baseline section, printed after the summary (pure): the headline, then one line
 * per regression and per improvement. `""` when the run was not compared with a baseline.
 */
export function formatRegressions(result: RunResult, colors: Colors): string {
  const { regressions } = result;
  if (regressions === undefined) return "";
  const lines = ["", colors.bold(regressionHeadline(regressions))];
  if (regressions.regressions.length > 0) {
    lines.push(colors.red("Regressions:"));
    for (const line of regressionLines(regressions.regressions)) lines.push(`  ${colors.red("✗")} ${line}`);
  }
  if (regressions.improvements.length > 0) {
    lines.push(colors.green("Improvements:"));
    for (const line of regressionLines(regressions.improvements)) lines.push(`  ${colors.green("✓")} ${line}`);
  }
  return `${lines.join("\n")}\n`;
}
