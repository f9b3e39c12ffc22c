import type { Comparison } from "../domain/index.js";
import {
  COMPACTION_COMPARISON_NOTE,
  COMPACTION_PAIRS_NOTE,
  compactionComparisonRows,
  compactionPairRows,
} from "./compaction-comparison-rows.js";
import { CLUSTERED_RATES_NOTE, comparisonRows, formatPairedUnits, PAIRS_TITLE } from "./comparison-rows.js";
import { COMPLIANCE_MEASURE_ROWS, entriesWithMeasures, formatMeasure } from "./compliance-measure-rows.js";
import { escapeMarkup } from "./escape-markup.js";
import {
  MEMORY_COMPARISON_NOTE,
  MEMORY_MEASURES_NOTE,
  memoryComparisonRows,
  memoryMeasureRows,
} from "./memory-comparison-rows.js";

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const headCells = head.map((cell) => `<th>${escapeMarkup(cell)}</th>`).join("");
  const bodyRows = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeMarkup(cell)}</td>`).join("")}</tr>`);
  return `<table><thead><tr>${headCells}</tr></thead><tbody>${bodyRows.join("")}</tbody></table>`;
}

/**
 * The comparison matrix of `index.html` (pure): per model the pass rate and compliance per
 * category, the compliance measures (a row per measure, a column per model; left out for
 * results written before they existed), then the McNemar test of each pair, then, when some unit
 * compacted, the compaction figures per model and the preservation test per pair, and, when some
 * unit had a memory check, the memory checks per model, and, when some unit has memory measures,
 * those per model. All text escaped.
 */
export function renderHtmlComparison(comparison: Comparison): string {
  const { header, rows } = comparisonRows(comparison);
  const parts = [
    "<h2>Comparison</h2>",
    "<p>Rates with Wilson 95% intervals; a turn complies when all its expectations passed.</p>",
    `<p>${escapeMarkup(CLUSTERED_RATES_NOTE)}</p>`,
    table(header, rows),
  ];
  const entries = entriesWithMeasures(comparison.models);
  if (entries.length > 0) {
    parts.push(
      "<h3>Compliance measures (definitions in docs/compliance.md)</h3>",
      table(
        ["Measure (turns)", ...entries.map((entry) => entry.model)],
        COMPLIANCE_MEASURE_ROWS.map((row) => [row.title, ...entries.map((entry) => formatMeasure(entry, row.name))]),
      ),
    );
  }
  if (comparison.pairs.length > 0) {
    parts.push(
      `<h3>${escapeMarkup(PAIRS_TITLE)}</h3>`,
      table(
        ["A", "B", "Paired units", "p-value", "Verdict"],
        comparison.pairs.map((pair) => [
          pair.a,
          pair.b,
          formatPairedUnits(pair),
          pair.pValue.toPrecision(3),
          pair.verdict,
        ]),
      ),
    );
  }
  parts.push(...compactionTables(comparison), ...memoryTables(comparison));
  return parts.join("\n");
}

/** Per model the compaction figures, then the preservation test per pair; none unless a unit compacted. */
function compactionTables(comparison: Comparison): string[] {
  const models = compactionComparisonRows(comparison);
  if (models === undefined) return [];
  const parts = [
    "<h3>Compactions by model</h3>",
    `<p>${escapeMarkup(COMPACTION_COMPARISON_NOTE)}</p>`,
    table(models.header, models.rows),
  ];
  const pairs = compactionPairRows(comparison);
  if (pairs.rows.length > 0) {
    parts.push(
      "<h3>Preservation pairs</h3>",
      `<p>${escapeMarkup(COMPACTION_PAIRS_NOTE)}</p>`,
      table(pairs.header, pairs.rows),
    );
  }
  return parts;
}

/** Per model the memory checks, then the memory measures; each only when some unit had it. */
function memoryTables(comparison: Comparison): string[] {
  const parts: string[] = [];
  const models = memoryComparisonRows(comparison);
  if (models !== undefined) {
    parts.push(
      "<h3>Memory checks by model</h3>",
      `<p>${escapeMarkup(MEMORY_COMPARISON_NOTE)}</p>`,
      table(models.header, models.rows),
    );
  }
  const measures = memoryMeasureRows(comparison);
  if (measures !== undefined) {
    parts.push(
      "<h3>Memory measures by model</h3>",
      `<p>${escapeMarkup(MEMORY_MEASURES_NOTE)}</p>`,
      table(measures.header, measures.rows),
    );
  }
  return parts;
}
