import { formatRepeat, type RunResult, type UnitResult } from "../domain/index.js";
import { escapeAttribute, escapeMarkup } from "./escape-markup.js";
import { describeFailure } from "./list-failures.js";

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  timeMs: number;
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

function countsAttributes(counts: Counts): string {
  return `tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(counts.timeMs)}"`;
}

function countUnits(units: readonly UnitResult[]): Counts {
  const counts: Counts = { tests: units.length, failures: 0, errors: 0, skipped: 0, timeMs: 0 };
  for (const unit of units) {
    if (unit.status === "failed") counts.failures += 1;
    if (unit.status === "errored") counts.errors += 1;
    if (unit.status === "interrupted" || unit.status === "skipped") counts.skipped += 1;
    counts.timeMs += unit.durationMs;
  }
  return counts;
}

function indent(text: string): string {
  return text.replace(/\n/g, "\n    ");
}

function failureBody(unit: UnitResult): { message: string; body: string } {
  const failure = describeFailure(unit);
  const blocks: string[] = [];
  for (const { turnIndex, expectation } of failure.expectations) {
    const { file, line, column } = expectation.location;
    const lines = [`turn ${turnIndex + 1}: ${expectation.message} (${expectation.type} at ${file}:${line}:${column})`];
    if (expectation.expected !== undefined) lines.push(`  expected: ${indent(expectation.expected)}`);
    if (expectation.actual !== undefined) lines.push(`  actual: ${indent(expectation.actual)}`);
    blocks.push(lines.join("\n"));
  }
  for (const check of failure.golden) {
    blocks.push(`golden ${check.file}: ${check.status}${check.diff === undefined ? "" : `\n${check.diff}`}`);
  }
  blocks.push(...failure.turnErrors);
  if (unit.error !== undefined) blocks.push(unit.error);
  const first = failure.expectations[0]?.expectation.message ?? unit.error ?? failure.turnErrors[0] ?? unit.status;
  const more = failure.expectations.length > 1 ? ` (+${failure.expectations.length - 1} more)` : "";
  return { message: `${first}${more}`, body: blocks.join("\n\n") };
}

function testCaseName(unit: UnitResult): string {
  const caseLabel = unit.caseId === undefined ? "" : ` (${unit.caseId})`;
  return `${unit.scenarioName}${caseLabel} [${unit.model}] ${formatRepeat(unit.repeat)}`;
}

function renderTestCase(unit: UnitResult): string {
  const open = `    <testcase classname="${escapeAttribute(unit.fileId)}" name="${escapeAttribute(testCaseName(unit))}" file="${escapeAttribute(unit.file)}" time="${seconds(unit.durationMs)}"`;
  if (unit.status === "passed") return `${open}/>`;
  if (unit.status === "interrupted" || unit.status === "skipped") {
    return `${open}>\n      <skipped message="${escapeAttribute(unit.error ?? unit.status)}"/>\n    </testcase>`;
  }
  const { message, body } = failureBody(unit);
  const element = unit.status === "failed" ? "failure" : "error";
  const type = unit.status === "failed" ? "expectation" : "error";
  return [
    `${open}>`,
    `      <${element} message="${escapeAttribute(message)}" type="${type}">${escapeMarkup(body)}</${element}>`,
    "    </testcase>",
  ].join("\n");
}

/**
 * JUnit XML as GitHub Actions, GitLab and Jenkins read it: one `<testsuite>` per scenario file
 * (`fileId`, in first-seen order) and one `<testcase>` per unit. Failed units carry
 * `<failure>`, errored ones `<error>`, interrupted and skipped ones `<skipped>`.
 */
export function renderJunitReport(result: RunResult): string {
  const files = new Map<string, UnitResult[]>();
  for (const unit of result.units) {
    const units = files.get(unit.fileId);
    if (units === undefined) files.set(unit.fileId, [unit]);
    else units.push(unit);
  }
  const suites = [...files].map(([fileId, units]) =>
    [
      `  <testsuite name="${escapeAttribute(fileId)}" ${countsAttributes(countUnits(units))} timestamp="${escapeAttribute(result.startedAt)}">`,
      ...units.map(renderTestCase),
      "  </testsuite>",
    ].join("\n"),
  );
  const total = countUnits(result.units);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="claw-eval ${escapeAttribute(result.runId)}" ${countsAttributes(total)}>`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
