import type { Comparison, ComplianceCategory, PairComparison } from "../domain/index.js";
import { formatRate } from "./format-rate.js";
import { formatCost } from "./format-values.js";

/** Under every comparison table: how the intervals treat observations of one scenario case. */
export const CLUSTERED_RATES_NOTE =
  "Turns, heartbeats and repeats of one scenario case are correlated: each rate's interval is widened by their design effect, and a pair's repeats of one case are tested together (docs/compliance.md).";

/** Heading of the pair tests. */
export const PAIRS_TITLE = "Pairs (exact McNemar on the same units, repeats of a scenario case together)";

/** A pair's paired units: `6`, or `6 (2 scenarios)` when they come from fewer scenario cases. */
export function formatPairedUnits(pair: PairComparison): string {
  if (pair.clusters === undefined || pair.clusters >= pair.n) return String(pair.n);
  return `${pair.n} (${pair.clusters} ${pair.clusters === 1 ? "scenario" : "scenarios"})`;
}

const CATEGORIES: readonly ComplianceCategory[] = ["quiet", "alert", "silent-expected", "reply-expected"];

function formatProbability(value: number | null): string {
  return value === null ? "-" : `${(value * 100).toFixed(1)}%`;
}

function formatMs(value: number | null): string {
  return value === null ? "-" : `${Math.round(value)} ms`;
}

/**
 * The per-model comparison table every reporter shows, as plain-text cells (callers escape
 * for their format): pass rate, compliance per category and false silence with Wilson 95%
 * bounds, pass@k, pass^k, cost, latency p50 and p95.
 */
export function comparisonRows(comparison: Comparison): { header: string[]; rows: string[][] } {
  const k = comparison.models[0]?.k ?? 1;
  const header = ["Model", "Pass rate", ...CATEGORIES, "False silence", `pass@${k}`, `pass^${k}`, "Cost", "p50", "p95"];
  const rows = comparison.models.map((entry) => [
    entry.model,
    formatRate(entry.passRate),
    ...CATEGORIES.map((category) => formatRate(entry.categories[category])),
    formatRate(entry.falseSilence),
    formatProbability(entry.passAtK),
    formatProbability(entry.passHatK),
    formatCost(entry.costUsd),
    formatMs(entry.latencyMs.p50),
    formatMs(entry.latencyMs.p95),
  ]);
  return { header, rows };
}
