import { relative } from "node:path";
import type { RunResult, Scenario, UnitResult } from "../domain/index.js";

type GoldenLabel = NonNullable<UnitResult["golden"]>[number]["status"] | "not checked";

interface GoldenLine {
  label: GoldenLabel;
  pass: boolean;
  file: string;
  message: string;
  /** Summary and diff of a failure, or the section summary of an update. */
  details?: string;
}

const MARKS: Record<GoldenLabel, string> = {
  match: "✓ match",
  written: "+ written",
  mismatch: "✗ mismatch",
  missing: "✗ missing",
  "not checked": "✗ not checked",
};

/** Expectation types whose results are golden checks (see runner/create-unit-golden.ts). */
const GOLDEN_TYPES: readonly string[] = ["golden", "prompt-golden"];

/** The golden checks a scenario asks for, as `<turn index>:<type>` keys with their files. */
function plannedChecks(scenario: Scenario): { key: string; file: string }[] {
  const checks: { key: string; file: string }[] = [];
  for (const turn of scenario.turns) {
    for (const expectation of turn.expect) {
      if (expectation.type === "prompt-golden")
        checks.push({ key: `${turn.index}:prompt-golden`, file: expectation.file });
    }
    if (turn.index === 0 && scenario.golden?.systemPrompt !== undefined) {
      checks.push({ key: "0:golden", file: scenario.golden.systemPrompt });
    }
  }
  return checks;
}

/** One line per golden check of a unit, in check order, then the planned checks that never ran. */
function linesOf(unit: UnitResult, scenario: Scenario, cwd: string): GoldenLine[] {
  const records = unit.golden ?? [];
  const lines: GoldenLine[] = [];
  const done = new Map<string, number>();
  for (const turn of unit.turns) {
    for (const expectation of turn.expectations) {
      if (!GOLDEN_TYPES.includes(expectation.type)) continue;
      const key = `${turn.index}:${expectation.type}`;
      done.set(key, (done.get(key) ?? 0) + 1);
      const record = records[lines.length];
      const label: GoldenLabel = record?.status ?? (expectation.pass ? "match" : "mismatch");
      const details = label === "written" ? expectation.actual?.split("\n\n")[0] : expectation.actual;
      lines.push({
        label,
        pass: expectation.pass,
        file: record?.file ?? expectation.expected ?? "",
        message: expectation.message,
        ...(details === undefined ? {} : { details }),
      });
    }
  }
  for (const check of plannedChecks(scenario)) {
    const count = done.get(check.key) ?? 0;
    if (count > 0) {
      done.set(check.key, count - 1);
      continue;
    }
    const turn = Number(check.key.split(":")[0]) + 1;
    lines.push({
      label: "not checked",
      pass: false,
      file: relative(cwd, check.file) || check.file,
      message: `turn ${turn} never reached its golden check: ${unit.error ?? unit.status}`,
    });
  }
  return lines;
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `${prefix}${line}`))
    .join("\n");
}

export interface GoldenReport {
  text: string;
  /** Checks that failed (mismatch, missing, not checked). */
  failed: number;
}

/**
 * The output of `claw-eval golden check|update`: one line per golden check (`✓ match`,
 * `+ written`, `✗ mismatch` with the section summary and diff, ...), identical lines of
 * several units merged, obsolete golden files, and a closing count. `scenarios[i]` is the
 * scenario of `result.units[i]`. Pure.
 */
export function formatGoldenReport(options: {
  result: RunResult;
  scenarios: readonly Scenario[];
  cwd: string;
  action: "check" | "update";
}): GoldenReport {
  const merged = new Map<string, { line: GoldenLine; units: string[] }>();
  options.result.units.forEach((unit, index) => {
    const scenario = options.scenarios[index];
    if (scenario === undefined) return;
    for (const line of linesOf(unit, scenario, options.cwd)) {
      const key = JSON.stringify([line.label, line.file, line.message, line.details ?? ""]);
      const entry = merged.get(key);
      if (entry === undefined) merged.set(key, { line, units: [unit.unitId] });
      else entry.units.push(unit.unitId);
    }
  });
  const blocks: string[] = [];
  const counts = new Map<GoldenLabel, number>();
  let failed = 0;
  for (const { line, units } of merged.values()) {
    counts.set(line.label, (counts.get(line.label) ?? 0) + units.length);
    if (!line.pass) failed += units.length;
    const who = units.length === 1 ? (units[0] ?? "") : `${units.length} units`;
    const block = [`${MARKS[line.label]}  ${line.file}  (${who})`];
    if (!line.pass) {
      block.push(`    ${line.message}`);
      if (units.length > 1) block.push(`    units: ${units.join(", ")}`);
      // The details' headline is already part of the message.
      if (line.details !== undefined) block.push(indent(line.details.split("\n").slice(1).join("\n"), "    "));
    } else if (line.label === "written" && line.details !== undefined) {
      block.push(indent(line.details, "    "));
    }
    blocks.push(block.length > 1 ? `${block.join("\n")}\n` : (block[0] ?? ""));
  }
  const obsolete = options.result.obsoleteGolden;
  if (obsolete.length > 0) {
    const lines = ["obsolete golden files (no scenario uses them; delete them if nothing else does):"];
    blocks.push([...lines, ...obsolete.map((file) => `  ${file}`), ""].join("\n"));
  }
  const order: GoldenLabel[] = ["match", "written", "mismatch", "missing", "not checked"];
  const tally = order.filter((label) => counts.has(label)).map((label) => `${counts.get(label)} ${label}`);
  blocks.push(`golden ${options.action}: ${tally.length === 0 ? "no checks" : tally.join(", ")}`);
  return { text: `${blocks.join("\n")}\n`, failed };
}
