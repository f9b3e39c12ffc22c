import type { Comparison, ComplianceCategory } from "../domain/index.js";
import { formatRate } from "./format-rate.js";
import { formatCost } from "./format-values.js";

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
