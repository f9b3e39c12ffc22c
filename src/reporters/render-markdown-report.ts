import { formatDiagnostic, type RunResult } from "../domain/index.js";
import { findFlakyUnits } from "./find-flaky-units.js";
import { formatCost, formatCounts, formatDuration, formatPassRate, truncateText } from "./format-values.js";
import { listFailures, type UnitFailure } from "./list-failures.js";
import {
  formatInjectedFault,
  formatInjectedFaultTotals,
  listInjectedFaults,
  totalInjectedFaults,
} from "./list-injected-faults.js";
import { code, escapeTableCell, fenced } from "./markdown-text.js";
import { renderMarkdownCompactions } from "./render-markdown-compactions.js";
import { renderMarkdownComparison } from "./render-markdown-comparison.js";
import { renderMarkdownMemory } from "./render-markdown-memory.js";
import { renderMarkdownRegressions } from "./render-markdown-regressions.js";
import { summariseByModel } from "./summarise-by-model.js";

/** Failing units listed in full; GitHub caps a step summary at 1 MiB. */
const MAX_FAILURES = 50;
const VALUE_LIMITS = { maxChars: 2000, maxLines: 40 };

function outcome(result: RunResult): string {
  if (result.status !== "completed") return result.status;
  return result.summary.failed + result.summary.errored > 0 ? "failed" : "passed";
}

function modelTable(result: RunResult): string[] {
  const rows = summariseByModel(result).map(({ model, summary }) =>
    [
      escapeTableCell(model),
      summary.passed,
      summary.failed,
      summary.errored,
      summary.total,
      formatPassRate(summary),
      formatCost(summary.costUsd),
    ].join(" | "),
  );
  return [
    "| Model | Passed | Failed | Errored | Total | Pass rate | Cost |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((row) => `| ${row} |`),
  ];
}

function failureSection(failure: UnitFailure): string[] {
  const { unit } = failure;
  const lines = [`### ${code(unit.unitId)} ${unit.status}`, "", `File ${code(unit.file)}`, ""];
  const faults = listInjectedFaults(unit);
  if (faults.length > 0) {
    lines.push(...faults.map((fault) => `- turn ${fault.turnIndex + 1}: ${formatInjectedFault(fault)}`), "");
  }
  const quoted = new Set<number>();
  for (const { turnIndex, expectation, actual } of failure.expectations) {
    const reply = failure.replies.find((entry) => entry.turnIndex === turnIndex);
    if (reply !== undefined && !quoted.has(turnIndex)) {
      quoted.add(turnIndex);
      lines.push(`Reply of turn ${turnIndex + 1}:`, "", fenced(truncateText(reply.reply, VALUE_LIMITS)), "");
    }
    const { file, line, column } = expectation.location;
    lines.push(
      `**${expectation.type}** (turn ${turnIndex + 1}, ${code(`${file}:${line}:${column}`)}): ${expectation.message}`,
      "",
    );
    if (expectation.expected !== undefined)
      lines.push("Expected:", "", fenced(truncateText(expectation.expected, VALUE_LIMITS)), "");
    if (actual !== undefined) lines.push("Actual:", "", fenced(truncateText(actual, VALUE_LIMITS)), "");
  }
  for (const check of failure.golden) {
    lines.push(`Golden file ${code(check.file)}: ${check.status}`, "");
    if (check.diff !== undefined) lines.push(fenced(truncateText(check.diff, VALUE_LIMITS)), "");
  }
  const errors = [...failure.turnErrors, ...(failure.unitError === undefined ? [] : [failure.unitError])];
  if (errors.length > 0) lines.push("Error:", "", fenced(truncateText(errors.join("\n"), VALUE_LIMITS)), "");
  return lines;
}

/**
 * `summary.md`, sized for a CI step summary: a headline, a table per model, the changes against
 * the baseline when the run had one (`--baseline`), the comparison
 * when `compare` wrote one, the compactions and context pruning when any unit had them, the
 * memory measures when any unit has them, a line of injected-fault totals when any, the
 * failures (each failed turn's reply quoted once, expected and actual values truncated, the
 * unit's injected faults listed), flaky units, input diagnostics and obsolete
 * golden files. Cost is `unknown` when not known, never `$0`.
 */
export function renderMarkdownReport(result: RunResult): string {
  const { summary } = result;
  const lines = [
    `# claw-eval: ${outcome(result)}`,
    "",
    `**${formatCounts(summary)}** of ${summary.total} units. Run ${code(result.runId)} ${result.status} in ${formatDuration(summary.durationMs)}, cost ${formatCost(summary.costUsd)}.`,
    "",
    "## Models",
    "",
    ...modelTable(result),
    "",
  ];
  const faults = totalInjectedFaults(result.units);
  if (faults.faults > 0) lines.push(`${formatInjectedFaultTotals(faults)}.`, "");
  lines.push(...renderMarkdownRegressions(result));
  if (result.comparison !== undefined) lines.push(...renderMarkdownComparison(result.comparison));
  lines.push(...renderMarkdownCompactions(result.units), ...renderMarkdownMemory(result.units));
  const failures = listFailures(result.units);
  if (failures.length > 0) {
    lines.push("## Failures", "");
    for (const failure of failures.slice(0, MAX_FAILURES)) lines.push(...failureSection(failure));
    if (failures.length > MAX_FAILURES) lines.push(`… and ${failures.length - MAX_FAILURES} more failing units.`, "");
  }
  const flaky = findFlakyUnits(result.units);
  if (flaky.length > 0) {
    lines.push("## Flaky units", "");
    for (const unit of flaky)
      lines.push(`- ${code(unit.scenarioId)} on ${code(unit.model)}: ${unit.passed}/${unit.decided} repeats passed`);
    lines.push("");
  }
  if (result.diagnostics.length > 0) {
    const text = result.diagnostics.map((diagnostic) => `${diagnostic.severity}: ${formatDiagnostic(diagnostic)}`);
    lines.push("## Input diagnostics", "", fenced(text.join("\n")), "");
  }
  if (result.obsoleteGolden.length > 0) {
    lines.push("## Obsolete golden files", "", ...result.obsoleteGolden.map((file) => `- ${code(file)}`), "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
