import type { Comparison } from "../domain/index.js";
import {
  COMPACTION_COMPARISON_NOTE,
  COMPACTION_PAIRS_NOTE,
  compactionComparisonRows,
  formatPoints,
} from "./compaction-comparison-rows.js";
import { CLUSTERED_RATES_NOTE, comparisonRows, formatPairedUnits, PAIRS_TITLE } from "./comparison-rows.js";
import { formatMeasuresTable } from "./format-measures-table.js";
import {
  MEMORY_COMPARISON_NOTE,
  MEMORY_MEASURES_NOTE,
  memoryComparisonRows,
  memoryMeasureRows,
} from "./memory-comparison-rows.js";

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
 * p-value (repeats of a scenario case tested together) and verdict. When some unit compacted, a compaction table per model and one line per
 * pair with the sign-flip test of identifier preservation follow; when some unit had a memory
 * check, a memory table per model comes last, then, when some unit has memory measures, a table
 * of those per model.
 */
export function formatComparisonTable(comparison: Comparison): string {
  const { header, rows } = comparisonRows(comparison);
  const lines = ["Comparison (Wilson 95% intervals)", CLUSTERED_RATES_NOTE, ...alignRows([header, ...rows])];
  const measures = formatMeasuresTable(comparison);
  if (measures !== "") lines.push("", measures.trimEnd());
  if (comparison.pairs.length > 0) {
    lines.push("", PAIRS_TITLE);
    for (const pair of comparison.pairs) {
      lines.push(
        `${pair.a} vs ${pair.b}: p=${formatPValue(pair.pValue)} n=${formatPairedUnits(pair)}, ${pair.verdict}`,
      );
    }
  }
  lines.push(...compactionLines(comparison), ...memoryLines(comparison));
  return `${lines.join("\n")}\n`;
}

/** The compaction part: nothing unless some unit compacted. */
function compactionLines(comparison: Comparison): string[] {
  const table = compactionComparisonRows(comparison);
  if (table === undefined) return [];
  const lines = ["", "Compactions by model", COMPACTION_COMPARISON_NOTE, ...alignRows([table.header, ...table.rows])];
  const pairs = comparison.compactionPairs ?? [];
  if (pairs.length > 0) lines.push("", "Preservation pairs", COMPACTION_PAIRS_NOTE);
  for (const pair of pairs) {
    const difference = formatPoints(pair.meanDifference);
    lines.push(
      `${pair.a} vs ${pair.b}: p=${formatPValue(pair.pValue)} n=${pair.n} (${pair.method}), ${difference}, ${pair.verdict}`,
    );
  }
  return lines;
}

/** The memory part: the checks when some unit had a memory check, the measures when some unit has them. */
function memoryLines(comparison: Comparison): string[] {
  const lines: string[] = [];
  const table = memoryComparisonRows(comparison);
  if (table !== undefined) {
    lines.push("", "Memory checks by model", MEMORY_COMPARISON_NOTE, ...alignRows([table.header, ...table.rows]));
  }
  const measures = memoryMeasureRows(comparison);
  if (measures !== undefined) {
    lines.push("", "Memory measures by model", MEMORY_MEASURES_NOTE, ...alignRows([measures.header, ...measures.rows]));
  }
  return lines;
}
