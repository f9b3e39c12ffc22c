import Table from "cli-table3";
import { formatRate } from "../reporters/format-rate.js";
import type { HistoryListing, HistoryTrend } from "../runner/build-history-listing.js";

const TREND_TEXT: Record<HistoryTrend, string> = { up: "↑ up", down: "↓ down", same: "= same" };

/**
 * The text of `claw-eval history` (pure): one row per run and model, oldest run first, with the
 * pass rate (Wilson 95%) and its trend against the previous run that measured the model, then a
 * legend.
 */
export function formatHistoryTable(listing: HistoryListing): string {
  const table = new Table({
    head: ["Run", "Started", "Command", "Units", "Model", "Pass rate", "Trend", "Baseline"],
    style: { head: [], border: [], compact: true },
  });
  for (const run of listing.runs) {
    const baseline =
      run.baseline === null
        ? ""
        : `${run.baseline.regressions} regressed, ${run.baseline.improvements} improved vs ${run.baseline.runId}`;
    const first = [run.runId, run.startedAt, run.command, String(run.units)];
    if (run.models.length === 0) table.push([...first, "-", "-", "", baseline]);
    for (const [index, model] of run.models.entries()) {
      const lead = index === 0 ? first : ["", "", "", ""];
      const trend = model.trend === null ? "" : TREND_TEXT[model.trend];
      table.push([...lead, model.model, formatRate(model.passRate), trend, index === 0 ? baseline : ""]);
    }
  }
  const runs = listing.runs.length;
  return [
    table.toString(),
    `${runs} run${runs === 1 ? "" : "s"}, oldest first. Pass rate: units that passed among those with a verdict, with its Wilson 95% interval. Trend: against the previous run that measured the same model.`,
    "",
  ].join("\n");
}
