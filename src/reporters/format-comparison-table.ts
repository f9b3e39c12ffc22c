import type { Comparison, ComplianceCategory } from "../domain/index.js";
import { formatMeasuresTable } from "./format-measures-table.js";
import { formatRate } from "./format-rate.js";
import { formatCost } from "./format-values.js";

const CATEGORIES: readonly ComplianceCategory[] = ["quiet", "alert", "silent-expected", "reply-expected"];

function formatProbability(value: number | null): string {
  return value === null ? "-" : `${(value * 100).toFixed(1)}%`;
}

function formatMs(value: number | null): string {
  return value === null ? "-" : `${Math.round(value)} ms`;
}

function formatPValue(value: number): string {
  return value < 0.001 ? value.toExponential(1) : value.toFixed(3);
}

function alignRows(rows: readonly string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd(),
  );
}

/**
 * The compact plain-text table `compare` prints: one row per model (pass rate, compliance per
 * category and false silence with Wilson 95% bounds, pass@k / pass^k, cost, latency), the
 * §11 measures table ({@link formatMeasuresTable}), then one line per pair with its McNemar
 * p-value and verdict.
 */
export function formatComparisonTable(comparison: Comparison): string {
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
  const lines = ["Comparison (Wilson 95% intervals)", ...alignRows([header, ...rows])];
  const measures = formatMeasuresTable(comparison);
  if (measures !== "") lines.push("", measures.trimEnd());
  if (comparison.pairs.length > 0) {
    lines.push("", "Pairs (exact McNemar on the same units)");
    for (const pair of comparison.pairs) {
      lines.push(`${pair.a} vs ${pair.b}: p=${formatPValue(pair.pValue)} n=${pair.n}, ${pair.verdict}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
