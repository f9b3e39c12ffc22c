import type { UnitResult } from "../domain/index.js";
import { truncateText } from "./format-values.js";
import { code, escapeTableCell } from "./markdown-text.js";
import {
  formatMemoryTotals,
  listMemoryMeasures,
  MEMORY_MEASURE_HEADINGS,
  memoryMeasureCells,
  memoryProblemLines,
  totalMemoryMeasures,
} from "./memory-measure-values.js";

/** Units and problems listed in full; the rest are counted (GitHub caps a step summary at 1 MiB). */
const MAX_ROWS = 200;
const PROBLEM_LIMITS = { maxChars: 400, maxLines: 1 };

/**
 * The "Memory" section of `summary.md`: the run's totals in one line, a table with a row per
 * unit that has memory measures (citations valid, index consistency, compliant flush runs), then
 * each such unit's problems as a list. No lines when no unit has memory measures.
 */
export function renderMarkdownMemory(units: readonly UnitResult[]): string[] {
  const entries = listMemoryMeasures(units);
  if (entries.length === 0) return [];
  const lines = [
    "## Memory",
    "",
    `Totals: ${formatMemoryTotals(totalMemoryMeasures(entries))}.`,
    "",
    `| ${MEMORY_MEASURE_HEADINGS.join(" | ")} |`,
    "| --- | ---: | --- | ---: |",
  ];
  for (const entry of entries.slice(0, MAX_ROWS)) {
    const cells = memoryMeasureCells(entry).map((cell, index) => (index === 0 ? code(cell) : cell));
    lines.push(`| ${cells.map(escapeTableCell).join(" | ")} |`);
  }
  lines.push("");
  if (entries.length > MAX_ROWS)
    lines.push(`… and ${entries.length - MAX_ROWS} more units (all are in results.json).`, "");
  const withProblems = entries.flatMap((entry) => {
    const problems = memoryProblemLines(entry.memory);
    return problems.length === 0 ? [] : [{ unit: entry.unit, problems }];
  });
  for (const { unit, problems } of withProblems.slice(0, MAX_ROWS)) {
    lines.push(`Problems of ${code(unit.unitId)}:`, "");
    for (const problem of problems.slice(0, MAX_ROWS))
      lines.push(`- ${truncateText(problem, PROBLEM_LIMITS).replace(/\n/g, " ")}`);
    if (problems.length > MAX_ROWS) lines.push(`- … and ${problems.length - MAX_ROWS} more`);
    lines.push("");
  }
  return lines;
}
