import type { UnitResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import {
  formatMemoryTotals,
  listMemoryMeasures,
  MEMORY_MEASURE_HEADINGS,
  memoryMeasureCells,
  memoryProblemLines,
  totalMemoryMeasures,
} from "./memory-measure-values.js";

function problemList(problems: readonly string[]): string {
  if (problems.length === 0) return "none";
  return `<ul class="problems">${problems.map((problem) => `<li>${escapeMarkup(problem)}</li>`).join("")}</ul>`;
}

/**
 * The memory measures of `index.html`: the run's totals, then a table with a row per unit that
 * has them (the columns of `summary.md`, plus every problem listed). Empty when no unit has
 * memory measures. All text escaped.
 */
export function renderHtmlMemory(units: readonly UnitResult[]): string {
  const entries = listMemoryMeasures(units);
  if (entries.length === 0) return "";
  const head = [...MEMORY_MEASURE_HEADINGS, "Problems"].map((cell) => `<th>${escapeMarkup(cell)}</th>`).join("");
  const rows = entries.map((entry) => {
    const cells = [...memoryMeasureCells(entry).map(escapeMarkup), problemList(memoryProblemLines(entry.memory))];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;
  });
  return [
    "<h2>Memory</h2>",
    `<p>Totals: ${escapeMarkup(formatMemoryTotals(totalMemoryMeasures(entries)))}.</p>`,
    `<table class="memory"><thead><tr>${head}</tr></thead><tbody>${rows.join("")}</tbody></table>`,
  ].join("\n");
}
