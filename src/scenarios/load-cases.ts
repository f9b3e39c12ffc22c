import { readFile, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { type Diagnostic, errorMessage, type SourceLocation } from "../domain/index.js";
import type { ScenarioCase } from "./compile-case-template.js";
import { describeValue } from "./describe-value.js";
import type { LocateField } from "./locate-yaml-node.js";
import { parseCsv } from "./parse-csv.js";
import { parseJsonl } from "./parse-jsonl.js";
import { MAX_CASES, MAX_CASES_FILE_BYTES } from "./scenario-limits.js";

export interface LoadCasesOptions {
  /** The scenario's `cases` value: a `.jsonl` / `.csv` path relative to `folder`, or an inline list. */
  cases: string | Record<string, unknown>[];
  /** Absolute folder of the scenario file. */
  folder: string;
  /** The scenario file's name in diagnostics. */
  scenarioFile: string;
  /** How a cases file is named in diagnostics (e.g. relative to the working directory). */
  displayPath: (absolutePath: string) => string;
  /** Positions in the scenario file: of the `cases` key and of inline cases. */
  locate: LocateField;
  locateKey: LocateField;
}

export type LoadCasesResult = { cases: ScenarioCase[]; file?: string } | { diagnostics: Diagnostic[] };

const PARSERS: Readonly<Record<string, typeof parseCsv>> = { ".csv": parseCsv, ".jsonl": parseJsonl };

const CASES_FILE_LABEL = `a cases file of at most ${MAX_CASES_FILE_BYTES} bytes (${MAX_CASES_FILE_BYTES / (1024 * 1024)} MiB)`;

/**
 * Reads the cases of a data-driven scenario. A missing or unreadable file, a file over
 * `MAX_CASES_FILE_BYTES` (checked before reading) or over `MAX_CASES` rows is a diagnostic at `cases`.
 */
export async function loadCases(options: LoadCasesOptions): Promise<LoadCasesResult> {
  const atCases = (expected: string, found: string): { diagnostics: Diagnostic[] } => ({
    diagnostics: [
      {
        ...where(options.scenarioFile, options.locateKey(["cases"])),
        path: "cases",
        expected,
        found,
        severity: "error",
      },
    ],
  });
  if (typeof options.cases !== "string") {
    return toCases(options.cases, {
      locateId: (index) => ({
        ...where(options.scenarioFile, options.locate(["cases", index, "id"])),
        path: `cases[${index}].id`,
      }),
      source: (index) => ({ file: options.scenarioFile, line: options.locate(["cases", index]).line }),
    });
  }
  const absolutePath = resolve(options.folder, options.cases);
  const display = options.displayPath(absolutePath);
  const parse = PARSERS[extname(absolutePath).toLowerCase()];
  if (parse === undefined) return atCases("a .jsonl or .csv file", `${JSON.stringify(options.cases)}`);
  let text: string;
  try {
    const { size } = await stat(absolutePath);
    if (size > MAX_CASES_FILE_BYTES) return atCases(CASES_FILE_LABEL, `a file of ${size} bytes at ${display}`);
    text = await readFile(absolutePath, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    const missing = code === "ENOENT" || code === "ENOTDIR";
    return atCases(
      "a .jsonl or .csv file",
      missing ? `nothing at ${display}` : `an unreadable file (${errorMessage(error)})`,
    );
  }
  const parsed = parse(text, display);
  if (parsed.tooManyRows) {
    return atCases(`at most ${MAX_CASES} cases`, `more than ${MAX_CASES} rows in ${display}`);
  }
  if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics };
  if (parsed.rows.length === 0) return atCases("at least one case", `no rows in ${display}`);
  const lineOf = (index: number): number => parsed.rows[index]?.line ?? 1;
  const result = toCases(
    parsed.rows.map((row) => row.fields),
    {
      locateId: (index) => ({ file: display, line: lineOf(index), column: 1, path: "id" }),
      source: (index) => ({ file: display, line: lineOf(index) }),
    },
  );
  return "cases" in result ? { ...result, file: absolutePath } : result;
}

function where(file: string, position: { line: number; column: number }): SourceLocation {
  return { file, line: position.line, column: position.column };
}

/** Where a case's `id` is written: position and field path. */
type LocateCaseId = (index: number) => SourceLocation & { path: string };

function toCases(
  rows: readonly Record<string, unknown>[],
  where: { locateId: LocateCaseId; source: (index: number) => { file: string; line: number } },
): { cases: ScenarioCase[] } | { diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, number>();
  const locate = where.locateId;
  const cases = rows.map((fields, index): ScenarioCase => {
    const id = fields.id;
    const source = where.source(index);
    if (id === undefined || id === "") return { index, fields, source };
    if (typeof id !== "string" && typeof id !== "number") {
      diagnostics.push({
        ...locate(index),
        expected: "a string or number",
        found: describeValue(id),
        severity: "error",
      });
      return { index, fields, source };
    }
    const text = String(id);
    const first = seen.get(text);
    if (first !== undefined) {
      const found = `id ${JSON.stringify(text)} also used by case ${first + 1}`;
      diagnostics.push({ ...locate(index), expected: "a unique case id", found, severity: "error" });
    } else {
      seen.set(text, index);
    }
    return { index, id: text, fields, source };
  });
  return diagnostics.length > 0 ? { diagnostics } : { cases };
}
