import { ClawEvalError, errorMessage, type RunResult, type UnitResult } from "../domain/index.js";
import type { HtmlUnitData } from "./html-unit-collector.js";

/** `results.json`: the run as constructed, 2-space indented, with a final newline. */
export function renderJsonReport(result: RunResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/**
 * One unit as `results.json` holds it inside `units`: indented by 4 spaces, without the comma
 * or newline that separate units. Pure.
 */
export function renderJsonReportUnit(unit: UnitResult): string {
  // Nested two arrays deep, the unit comes out indented as results.json holds it; the wrapper's
  // brackets ("[\n  [\n" and "\n  ]\n]") are cut off. One pass, no re-indenting of the text.
  return JSON.stringify([[unit]], null, 2).slice(6, -6);
}

/** The text between `[` and `]` of `units`, already rendered, for runs that spool their units. */
export interface SpooledUnits {
  /** How many units the text holds. */
  readonly count: number;
  /**
   * The units' {@link renderJsonReportUnit} texts joined by `,\n`, in pieces of UTF-8 bytes.
   * A piece is valid only until the next one is asked for: write it, or copy it, first.
   */
  chunks(): Iterable<Uint8Array>;
  /**
   * What `index.html` needs of the units, collected while they were spooled, when the run writes
   * that report: so the report does not read every unit back. `details()` gives the
   * `unit-details` lines in pieces, valid like those of `chunks()`.
   */
  readonly html?: { readonly data: HtmlUnitData; details(): Iterable<Uint8Array> };
}

/**
 * The same bytes as {@link renderJsonReport}, in pieces: each unit is rendered on its own, so a
 * large run never holds its whole report as one string. With `spooled`, the units' text comes
 * from there instead of `result.units` (which must have as many units). Pure, apart from
 * reading `spooled`.
 */
export function* renderJsonReportChunks(result: RunResult, spooled?: SpooledUnits): Generator<string | Uint8Array> {
  const { units } = result;
  const keys = Object.keys(result);
  if (spooled !== undefined && spooled.count !== units.length) {
    throw new ClawEvalError("invariant", `results spool holds ${spooled.count} units, the run has ${units.length}`);
  }
  if (units.length === 0 || !keys.includes("units")) {
    yield renderJsonReport(result);
    return;
  }
  // Render everything around `units` with a marker in its place, then splice the units in.
  const marker = "\u0000units\u0000";
  const framed = JSON.stringify(
    Object.fromEntries(keys.map((key) => [key, key === "units" ? marker : result[key as keyof RunResult]])),
    null,
    2,
  );
  const [before, after] = framed.split(JSON.stringify(marker)) as [string, string];
  yield `${before}[\n`;
  if (spooled !== undefined) yield* spooled.chunks();
  else {
    for (let index = 0; index < units.length; index++) {
      yield `${index === 0 ? "" : ",\n"}${renderJsonReportUnit(units[index]!)}`;
    }
  }
  yield `\n  ]${after}\n`;
}

type Check = (value: unknown) => string | undefined;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

const isString: Check = (value) => (typeof value === "string" ? undefined : "a string");
const isNumber: Check = (value) => (typeof value === "number" && Number.isFinite(value) ? undefined : "a number");
const isNumberOrNull: Check = (value) => (value === null ? undefined : isNumber(value) && "a number or null");
const isArray: Check = (value) => (Array.isArray(value) ? undefined : "an array");
const oneOf =
  (...allowed: unknown[]): Check =>
  (value) =>
    allowed.includes(value) ? undefined : allowed.map((item) => JSON.stringify(item)).join(" or ");

const SUMMARY_FIELDS: Record<string, Check> = {
  total: isNumber,
  passed: isNumber,
  failed: isNumber,
  errored: isNumber,
  interrupted: isNumber,
  skipped: isNumber,
  costUsd: isNumberOrNull,
  durationMs: isNumber,
};

const UNIT_FIELDS: Record<string, Check> = {
  unitId: isString,
  scenarioId: isString,
  fileId: isString,
  scenarioName: isString,
  file: isString,
  model: isString,
  repeat: isNumber,
  status: oneOf("passed", "failed", "errored", "interrupted", "skipped"),
  turns: isArray,
  durationMs: isNumber,
  costUsd: isNumberOrNull,
};

const USAGE_FIELDS: Record<string, Check> = {
  inputTokens: isNumber,
  outputTokens: isNumber,
  cacheReadTokens: isNumber,
  cacheWriteTokens: isNumber,
};

const TURN_FIELDS: Record<string, Check> = {
  index: isNumber,
  input: isString,
  reply: isString,
  events: isArray,
  expectations: isArray,
};

const EXPECTATION_FIELDS: Record<string, Check> = { type: isString, pass: oneOf(true, false), message: isString };

const RUN_FIELDS: Record<string, Check> = {
  schemaVersion: oneOf(1),
  runId: isString,
  startedAt: isString,
  finishedAt: isString,
  status: oneOf("completed", "interrupted", "crashed"),
  units: isArray,
  diagnostics: isArray,
  obsoleteGolden: isArray,
};

const REGRESSIONS_FIELDS: Record<string, Check> = {
  unitsCompared: isNumber,
  unitsNew: isNumber,
  unitsMissing: isNumber,
  regressions: isArray,
  improvements: isArray,
};

const CHANGE_FIELDS: Record<"unit" | "rate", Record<string, Check>> = {
  unit: {
    unitId: isString,
    scenarioId: isString,
    model: isString,
    repeat: isNumber,
    before: oneOf("passed", "failed", "errored", "interrupted", "skipped"),
    after: oneOf("passed", "failed", "errored", "interrupted", "skipped"),
  },
  rate: { model: isString, metric: isString },
};

const RATE_FIELDS: Record<string, Check> = {
  rate: isNumberOrNull,
  low: isNumberOrNull,
  high: isNumberOrNull,
  n: isNumber,
};

/** The optional `regressions` (a run compared with `--baseline`); absent in older files. */
function regressionsProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const problem =
    fieldsProblem(value, REGRESSIONS_FIELDS, "regressions") ??
    fieldsProblem(
      (value as { baseline?: unknown }).baseline,
      { runId: isString, startedAt: isString },
      "regressions.baseline",
    );
  if (problem !== undefined) return problem;
  const record = value as Record<"regressions" | "improvements", unknown[]>;
  for (const list of ["regressions", "improvements"] as const) {
    for (const [index, change] of record[list].entries()) {
      const path = `regressions.${list}[${index}]`;
      const kind = fieldsProblem(change, { kind: oneOf("unit", "rate") }, path);
      if (kind !== undefined) return kind;
      const typed = change as { kind: "unit" | "rate"; before?: unknown; after?: unknown };
      const changeProblem =
        fieldsProblem(change, CHANGE_FIELDS[typed.kind], path) ??
        (typed.kind === "rate"
          ? (fieldsProblem(typed.before, RATE_FIELDS, `${path}.before`) ??
            fieldsProblem(typed.after, RATE_FIELDS, `${path}.after`))
          : undefined);
      if (changeProblem !== undefined) return changeProblem;
    }
  }
  return undefined;
}

function fieldsProblem(value: unknown, fields: Record<string, Check>, path: string): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `${path || "the document"}: expected an object, found ${describe(value)}`;
  }
  const record = value as Record<string, unknown>;
  for (const [field, check] of Object.entries(fields)) {
    const expected = check(record[field]);
    const where = path === "" ? field : `${path}.${field}`;
    if (expected !== undefined) return `${where}: expected ${expected}, found ${describe(record[field])}`;
  }
  return undefined;
}

function runProblem(value: unknown): string | undefined {
  const top = fieldsProblem(value, RUN_FIELDS, "");
  if (top !== undefined) return top;
  const run = value as Record<string, unknown>;
  const problem =
    fieldsProblem(run.tool, { name: oneOf("claw-eval"), version: isString }, "tool") ??
    fieldsProblem(run.options, { paths: isArray, models: isArray }, "options") ??
    fieldsProblem(run.summary, SUMMARY_FIELDS, "summary") ??
    fieldsProblem((run.summary as { usage?: unknown }).usage, USAGE_FIELDS, "summary.usage") ??
    regressionsProblem(run.regressions);
  if (problem !== undefined) return problem;
  const units = run.units as unknown[];
  for (const [index, unit] of units.entries()) {
    const unitProblem = unitShapeProblem(unit, `units[${index}]`);
    if (unitProblem !== undefined) return unitProblem;
  }
  return undefined;
}

function unitShapeProblem(unit: unknown, path: string): string | undefined {
  const problem = fieldsProblem(unit, UNIT_FIELDS, path);
  if (problem !== undefined) return problem;
  const { usage, turns } = unit as { usage: unknown; turns: unknown[] };
  const usageProblem = fieldsProblem(usage, USAGE_FIELDS, `${path}.usage`);
  if (usageProblem !== undefined) return usageProblem;
  for (const [turnIndex, turn] of turns.entries()) {
    const turnPath = `${path}.turns[${turnIndex}]`;
    const turnProblem = fieldsProblem(turn, TURN_FIELDS, turnPath);
    if (turnProblem !== undefined) return turnProblem;
    for (const [index, expectation] of (turn as { expectations: unknown[] }).expectations.entries()) {
      const expectationProblem = fieldsProblem(expectation, EXPECTATION_FIELDS, `${turnPath}.expectations[${index}]`);
      if (expectationProblem !== undefined) return expectationProblem;
    }
  }
  return undefined;
}

/**
 * Reads a `results.json` text. Checks the shape the reporters and `merge` rely on (not every
 * event) and throws `ClawEvalError("invalid-input")` naming `file` and the first bad field.
 */
export function parseRunResult(text: string, file: string): RunResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClawEvalError("invalid-input", `${file}: not valid JSON: ${errorMessage(error)}`, { cause: error });
  }
  const problem = runProblem(value);
  if (problem !== undefined) {
    throw new ClawEvalError("invalid-input", `${file}: not a claw-eval results.json: ${problem}`);
  }
  return value as RunResult;
}
