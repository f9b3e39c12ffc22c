import Table from "cli-table3";
import type { Comparison } from "../domain/index.js";
import { COMPLIANCE_MEASURE_ROWS, entriesWithMeasures, formatMeasure } from "./compliance-measure-rows.js";

/**
 * The spec/loop.md §11 measures as a cli-table3 table, one row per measure and one column per
 * model (rates with Wilson 95% bounds, `-` when no turn counted). Empty when no model carries
 * measures. No colour, so the text is the same on any terminal.
 */
export function formatMeasuresTable(comparison: Comparison): string {
  const entries = entriesWithMeasures(comparison.models);
  if (entries.length === 0) return "";
  const table = new Table({
    head: ["Measure (turns)", ...entries.map((entry) => entry.model)],
    style: { head: [], border: [], compact: true },
  });
  for (const row of COMPLIANCE_MEASURE_ROWS) {
    table.push([row.title, ...entries.map((entry) => formatMeasure(entry, row.name))]);
  }
  return `Compliance measures (Wilson 95% intervals; definitions in docs/compliance.md)\n${table.toString()}\n`;
}
