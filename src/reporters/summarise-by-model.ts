import type { RunResult, RunSummary } from "../domain/index.js";
import { summariseUnits } from "../runner/merge-results.js";
import { formatCost, formatDuration, formatPassRate } from "./format-values.js";

export interface ModelSummary {
  model: string;
  summary: RunSummary;
}

/**
 * One summary per model that has units: first the run's `options.models` in their order, then
 * any other model in sorted order. `durationMs` is the sum of the model's unit durations (not
 * a wall time: units run concurrently).
 */
export function summariseByModel(result: RunResult): ModelSummary[] {
  const present = new Set(result.units.map((unit) => unit.model));
  const listed = result.options.models.filter((model) => present.has(model));
  const others = [...present].filter((model) => !listed.includes(model)).sort();
  return [...new Set([...listed, ...others])].map((model) => ({
    model,
    summary: summariseUnits(result.units.filter((unit) => unit.model === model)),
  }));
}

/** Column headings of the per-model summary table (console and HTML). */
export const SUMMARY_HEADINGS = [
  "Model",
  "Passed",
  "Failed",
  "Errored",
  "Interrupted",
  "Skipped",
  "Pass rate",
  "Cost",
  "Unit time",
];

/**
 * What the "Unit time" column means. Units run concurrently, so a sum of unit durations can
 * exceed the run's wall time, which the run line gives.
 */
export const SUMMARY_TIME_LEGEND =
  "Unit time: the units' durations summed (units run in parallel; the run's wall time is below).";

/** The cells of one per-model summary row, in {@link SUMMARY_HEADINGS} order. */
export function summaryCells(label: string, summary: RunSummary): string[] {
  return [
    label,
    String(summary.passed),
    String(summary.failed),
    String(summary.errored),
    String(summary.interrupted),
    String(summary.skipped),
    formatPassRate(summary),
    formatCost(summary.costUsd),
    formatDuration(summary.durationMs),
  ];
}
