import type { Comparison } from "../domain/index.js";
import {
  COMPACTION_COMPARISON_NOTE,
  COMPACTION_PAIRS_NOTE,
  compactionComparisonRows,
  compactionPairRows,
} from "./compaction-comparison-rows.js";
import { CLUSTERED_RATES_NOTE, comparisonRows, formatPairedUnits, PAIRS_TITLE } from "./comparison-rows.js";
import { COMPLIANCE_MEASURE_ROWS, entriesWithMeasures, formatMeasure } from "./compliance-measure-rows.js";
import { escapeTableCell, markdownTable } from "./markdown-text.js";
import {
  MEMORY_COMPARISON_NOTE,
  MEMORY_MEASURES_NOTE,
  memoryComparisonRows,
  memoryMeasureRows,
} from "./memory-comparison-rows.js";

/** The spec/loop.md §11 measures, one row per measure and a column per model; none for old results. */
function measuresTable(comparison: Comparison): string[] {
  const entries = entriesWithMeasures(comparison.models);
  if (entries.length === 0) return [];
  return [
    "Compliance measures (definitions in docs/compliance.md):",
    "",
    `| Measure (turns) | ${entries.map((entry) => escapeTableCell(entry.model)).join(" | ")} |`,
    `| --- |${" ---: |".repeat(entries.length)}`,
    ...COMPLIANCE_MEASURE_ROWS.map(
      (row) => `| ${row.title} | ${entries.map((entry) => formatMeasure(entry, row.name)).join(" | ")} |`,
    ),
    "",
  ];
}

/** Per model the compaction figures, then the preservation test per pair; none unless a unit compacted. */
function compactionTables(comparison: Comparison): string[] {
  const table = compactionComparisonRows(comparison);
  if (table === undefined) return [];
  const lines = [
    "### Compactions by model",
    "",
    COMPACTION_COMPARISON_NOTE,
    "",
    ...markdownTable(table.header, table.rows),
    "",
  ];
  const pairs = compactionPairRows(comparison);
  if (pairs.rows.length > 0) lines.push(COMPACTION_PAIRS_NOTE, "", ...markdownTable(pairs.header, pairs.rows), "");
  return lines;
}

/** Per model the memory checks, then the memory measures; each only when some unit had it. */
function memoryTable(comparison: Comparison): string[] {
  const lines: string[] = [];
  const table = memoryComparisonRows(comparison);
  if (table !== undefined) {
    lines.push(
      "### Memory checks by model",
      "",
      MEMORY_COMPARISON_NOTE,
      "",
      ...markdownTable(table.header, table.rows),
      "",
    );
  }
  const measures = memoryMeasureRows(comparison);
  if (measures !== undefined) {
    lines.push(
      "### Memory measures by model",
      "",
      MEMORY_MEASURES_NOTE,
      "",
      ...markdownTable(measures.header, measures.rows),
      "",
    );
  }
  return lines;
}

/**
 * The `compare` section of `summary.md`: rates with Wilson 95% bounds per model (clustered by
 * scenario case), the §11 measures, McNemar per pair (repeats of a case tested together), then the compaction category when some unit compacted and the
 * memory category when some unit had a memory check or memory measures.
 */
export function renderMarkdownComparison(comparison: Comparison): string[] {
  const { header, rows } = comparisonRows(comparison);
  const lines = [
    "## Comparison",
    "",
    "Rates with Wilson 95% intervals; a turn complies when all its expectations passed.",
    CLUSTERED_RATES_NOTE,
    "",
    `| ${header.join(" | ")} |`,
    `| --- |${" ---: |".repeat(header.length - 1)}`,
    ...rows.map((row) => `| ${row.map(escapeTableCell).join(" | ")} |`),
    "",
    ...measuresTable(comparison),
  ];
  if (comparison.pairs.length > 0) {
    lines.push(
      `${PAIRS_TITLE}:`,
      "",
      "| A | B | Paired units | p-value | Verdict |",
      "| --- | --- | ---: | ---: | --- |",
    );
    for (const pair of comparison.pairs) {
      lines.push(
        `| ${escapeTableCell(pair.a)} | ${escapeTableCell(pair.b)} | ${formatPairedUnits(pair)} | ${pair.pValue.toPrecision(3)} | ${escapeTableCell(pair.verdict)} |`,
      );
    }
    lines.push("");
  }
  lines.push(...compactionTables(comparison), ...memoryTable(comparison));
  return lines;
}
