import Table from "cli-table3";
import type picocolors from "picocolors";
import type { RunResult, RunSummary, UnitResult } from "../domain/index.js";
import { findFlakyUnits } from "./find-flaky-units.js";
import { formatUnitsPreservation } from "./format-compaction-values.js";
import { formatCost, formatCounts, formatDuration, truncateText } from "./format-values.js";
import { listCompactions } from "./list-compactions.js";
import { listFailures, type UnitFailure } from "./list-failures.js";
import { formatMemoryTotals, listMemoryMeasures, totalMemoryMeasures } from "./memory-measure-values.js";
import { SUMMARY_HEADINGS, summariseByModel, summaryCells } from "./summarise-by-model.js";

export type Colors = ReturnType<typeof picocolors.createColors>;

const VALUE_LIMITS = { maxChars: 1200, maxLines: 30 };

const tableRow = summaryCells;

/** The per-model table; a preservation column joins it when any unit compacted. */
function summaryTable(result: RunResult, colors: Colors): string {
  const compacted = listCompactions(result.units).length > 0;
  const head = compacted ? [...SUMMARY_HEADINGS, "Preservation"] : SUMMARY_HEADINGS;
  // cli-table3 would colour through an optional dependency; colour (or not) ourselves instead.
  const table = new Table({
    head: head.map((title) => colors.bold(title)),
    style: { head: [], border: [] },
    colAligns: head.map((_, index) => (index === 0 ? "left" : "right")),
  });
  const row = (label: string, summary: RunSummary, units: readonly UnitResult[]) =>
    compacted ? [...tableRow(label, summary), formatUnitsPreservation(units)] : tableRow(label, summary);
  const models = summariseByModel(result);
  for (const { model, summary } of models) {
    const units = result.units.filter((unit) => unit.model === model);
    table.push(row(model, summary, units));
  }
  if (models.length > 1) table.push(row("total", result.summary, result.units));
  return table.toString();
}

/** `label: value`, or the value indented under the label when it spans lines. */
function labelled(label: string, value: string): string {
  const text = truncateText(value, VALUE_LIMITS);
  if (!text.includes("\n")) return `    ${label}: ${text}`;
  return `    ${label}:\n${text
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n")}`;
}

function failureDetails(failure: UnitFailure, colors: Colors): string[] {
  const { unit } = failure;
  const mark = unit.status === "failed" ? "✗" : "!";
  const lines = [colors.red(`${mark} ${unit.unitId} ${unit.status}`), `  file: ${unit.file}`];
  for (const { turnIndex, expectation } of failure.expectations) {
    const { file, line, column } = expectation.location;
    lines.push(
      `  turn ${turnIndex + 1} ${expectation.type}: ${expectation.message} ${colors.dim(`(${file}:${line}:${column})`)}`,
    );
    if (expectation.expected !== undefined) lines.push(colors.green(labelled("expected", expectation.expected)));
    if (expectation.actual !== undefined) lines.push(colors.red(labelled("actual", expectation.actual)));
  }
  for (const check of failure.golden) {
    lines.push(`  golden ${check.file}: ${check.status}`);
    if (check.diff !== undefined) lines.push(labelled("diff", check.diff));
  }
  for (const error of failure.turnErrors) lines.push(`  ${error}`);
  if (unit.error !== undefined) lines.push(labelled("error", unit.error).replace(/^ {2}/, ""));
  return lines;
}

function finalLine(result: RunResult, colors: Colors): string {
  const { summary } = result;
  const counts = formatCounts(summary)
    .split(", ")
    .map((part) => {
      if (part.endsWith(" passed")) return summary.passed > 0 ? colors.green(part) : part;
      if (part.endsWith(" interrupted") || part.endsWith(" skipped")) return colors.yellow(part);
      return part.startsWith("0 ") ? part : colors.red(part);
    });
  return counts.join(", ");
}

/**
 * What the console prints at the end of a run: the per-model table (with a preservation column
 * when any unit compacted: {@link formatUnitsPreservation}), details of every failed or
 * errored unit, flaky units, obsolete golden files, one "Memory:" line of the memory measures
 * when any unit has them ({@link formatMemoryTotals}) and the final `<n> passed, <n> failed` line.
 */
export function formatConsoleSummary(result: RunResult, colors: Colors): string {
  const blocks = [summaryTable(result, colors)];
  for (const failure of listFailures(result.units)) blocks.push(failureDetails(failure, colors).join("\n"));
  const flaky = findFlakyUnits(result.units);
  if (flaky.length > 0) {
    const lines = flaky.map((unit) => `  ${unit.scenarioId} [${unit.model}]: ${unit.passed}/${unit.decided} passed`);
    blocks.push([colors.yellow("flaky:"), ...lines].join("\n"));
  }
  if (result.obsoleteGolden.length > 0) {
    blocks.push(
      [colors.yellow("obsolete golden files:"), ...result.obsoleteGolden.map((file) => `  ${file}`)].join("\n"),
    );
  }
  const memory = listMemoryMeasures(result.units);
  if (memory.length > 0) blocks.push(`Memory: ${formatMemoryTotals(totalMemoryMeasures(memory))}`);
  const runLine = `run ${result.runId} ${result.status} in ${formatDuration(result.summary.durationMs)}, cost ${formatCost(result.summary.costUsd)}`;
  blocks.push(`${colors.dim(runLine)}\n${finalLine(result, colors)}`);
  return `\n${blocks.join("\n\n")}\n`;
}
