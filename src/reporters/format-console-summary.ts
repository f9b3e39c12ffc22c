import Table from "cli-table3";
import type picocolors from "picocolors";
import type { RunResult, RunSummary, UnitResult } from "../domain/index.js";
import { summariseUnits } from "../runner/merge-results.js";
import { findFlakyUnits } from "./find-flaky-units.js";
import { formatUnitsPreservation } from "./format-compaction-values.js";
import { formatCost, formatCounts, formatDuration, truncateText } from "./format-values.js";
import { listCompactions } from "./list-compactions.js";
import { listFailures, type UnitFailure } from "./list-failures.js";
import {
  formatInjectedFault,
  formatInjectedFaultTotals,
  listInjectedFaults,
  totalInjectedFaults,
} from "./list-injected-faults.js";
import { formatMemoryTotals, listMemoryMeasures, totalMemoryMeasures } from "./memory-measure-values.js";
import { SUMMARY_HEADINGS, SUMMARY_TIME_LEGEND, summariseByModel, summaryCells } from "./summarise-by-model.js";

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
  // Summed like the model rows (not the run's wall time), so the total is their sum.
  if (models.length > 1) table.push(row("total", summariseUnits(result.units), result.units));
  return `${table.toString()}\n${colors.dim(SUMMARY_TIME_LEGEND)}`;
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

/** The turn's reply, quoted once; the failed expectations below refer to it. */
function replyLine(turnIndex: number, reply: string): string {
  return labelled(`turn ${turnIndex + 1} reply`, reply).replace(/^ {2}/, "");
}

function failureDetails(failure: UnitFailure, colors: Colors): string[] {
  const { unit } = failure;
  const mark = unit.status === "failed" ? "✗" : "!";
  const lines = [colors.red(`${mark} ${unit.unitId} ${unit.status}`), `  file: ${unit.file}`];
  for (const fault of listInjectedFaults(unit))
    lines.push(colors.yellow(`  turn ${fault.turnIndex + 1} ${formatInjectedFault(fault)}`));
  for (const { turnIndex, expectation, actual } of failure.expectations) {
    const reply = failure.replies.find((entry) => entry.turnIndex === turnIndex);
    if (reply !== undefined && !lines.includes(replyLine(turnIndex, reply.reply)))
      lines.push(replyLine(turnIndex, reply.reply));
    const { file, line, column } = expectation.location;
    lines.push(
      `  turn ${turnIndex + 1} ${expectation.type}: ${expectation.message} ${colors.dim(`(${file}:${line}:${column})`)}`,
    );
    if (expectation.expected !== undefined) lines.push(colors.green(labelled("expected", expectation.expected)));
    if (actual !== undefined) lines.push(colors.red(labelled("actual", actual)));
  }
  for (const check of failure.golden) {
    lines.push(`  golden ${check.file}: ${check.status}`);
    if (check.diff !== undefined) lines.push(labelled("diff", check.diff));
  }
  for (const error of failure.turnErrors) lines.push(`  ${error}`);
  if (failure.unitError !== undefined) lines.push(labelled("error", failure.unitError).replace(/^ {2}/, ""));
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
  const faults = totalInjectedFaults(result.units);
  if (faults.faults > 0)
    counts.push(colors.yellow(`${faults.faults} ${faults.faults === 1 ? "fault" : "faults"} injected`));
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
  const faults = totalInjectedFaults(result.units);
  if (faults.faults > 0) blocks.push(colors.yellow(formatInjectedFaultTotals(faults)));
  const runLine = `run ${result.runId} ${result.status} in ${formatDuration(result.summary.durationMs)}, cost ${formatCost(result.summary.costUsd)}`;
  blocks.push(`${colors.dim(runLine)}\n${finalLine(result, colors)}`);
  return `\n${blocks.join("\n\n")}\n`;
}
