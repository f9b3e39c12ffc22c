import { LineCounter, parseDocument, type YAMLError } from "yaml";
import { type Diagnostic, errorMessage, isRecord, type ScenarioFile } from "../domain/index.js";
import { buildSchemaDiagnostics } from "./build-schema-diagnostics.js";
import { type CaseUnit, findCaseUnits, withCaseStandIns } from "./find-case-units.js";
import { createYamlLocator, type LocateField } from "./locate-yaml-node.js";
import { scenarioFileSchema } from "./scenario-schema.js";
import { sortDiagnostics } from "./sort-diagnostics.js";

export interface ParseScenarioTextOptions {
  text: string;
  /** File name used in diagnostics (usually relative to the working directory). */
  file: string;
}

export type ParseScenarioTextResult =
  | {
      ok: true;
      value: ScenarioFile;
      /** Position of the value at a path (its deepest existing ancestor when missing). */
      locate: LocateField;
      /** Position of the key holding the value at a path. */
      locateKey: LocateField;
      /** YAML warnings (unknown tags and the like); never errors. */
      warnings: Diagnostic[];
      /**
       * For a file with `cases`: the pieces holding `{{field}}` placeholders, as written. `value`
       * then holds valid stand-ins there (each case fills and validates the pieces itself).
       */
      caseUnits?: CaseUnit[];
    }
  | {
      ok: false;
      /** Every problem in the file, sorted by line and column. */
      diagnostics: Diagnostic[];
      /** The document as plain data when the YAML itself was valid (for reading `workspace` and `home`). */
      data?: unknown;
    };

/** Parses and validates a scenario file (YAML 1.2, duplicate keys are errors). Pure. */
export function parseScenarioText(options: ParseScenarioTextOptions): ParseScenarioTextResult {
  const { text, file } = options;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true, version: "1.2" });
  const warnings = document.warnings.map((warning) => ({
    ...yamlDiagnostic(warning, text, file),
    severity: "warning" as const,
  }));
  const errors = document.errors.map((error) => yamlDiagnostic(error, text, file));
  if (errors.length > 0) return { ok: false, diagnostics: sortDiagnostics([...errors, ...warnings]) };
  const whole = (expected: string, found: string): Diagnostic => ({
    file,
    line: 1,
    column: 1,
    path: "",
    expected,
    found,
    severity: "error",
  });
  let data: unknown;
  try {
    data = document.toJS();
  } catch (error) {
    return { ok: false, diagnostics: [whole("valid YAML", lowerFirst(errorMessage(error)))] };
  }
  const mappingLabel = "a mapping with at least name and turns";
  if (document.contents === null) return { ok: false, diagnostics: [whole(mappingLabel, "an empty document")] };
  const locator = createYamlLocator(document, lineCounter);
  // A placeholder may stand for a value of any type, so a file with cases is validated with
  // stand-ins where placeholders are; each case validates what it fills in.
  const caseUnits = isRecord(data) && data.cases !== undefined ? findCaseUnits(data) : [];
  const checked = caseUnits.length > 0 ? withCaseStandIns(data, caseUnits) : data;
  const parsed = scenarioFileSchema.safeParse(checked);
  if (!parsed.success) {
    const diagnostics = buildSchemaDiagnostics({ issues: parsed.error.issues, data: checked, locator, file });
    return { ok: false, diagnostics: sortDiagnostics([...diagnostics, ...warnings]), data };
  }
  const located = { locate: locator.value, locateKey: locator.key, warnings };
  return caseUnits.length > 0
    ? { ok: true, value: parsed.data, ...located, caseUnits }
    : { ok: true, value: parsed.data, ...located };
}

function yamlDiagnostic(error: YAMLError, text: string, file: string): Diagnostic {
  const start = error.linePos?.[0] ?? { line: 1, col: 1 };
  const summary = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  const duplicate = error.code === "DUPLICATE_KEY";
  return {
    file,
    line: start.line,
    column: start.col,
    path: "",
    expected: duplicate ? "unique keys in a mapping" : "valid YAML",
    found: duplicate ? `duplicate key ${JSON.stringify(keyAt(text, error.pos[0]))}` : lowerFirst(summary),
    severity: "error",
  };
}

function keyAt(text: string, offset: number): string {
  const line = text.slice(offset).split(/\r?\n/, 1)[0] ?? "";
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.*?))\s*:(?:\s|$)/.exec(line);
  return match?.[1] ?? match?.[2]?.replace(/''/g, "'") ?? match?.[3] ?? line;
}

function lowerFirst(text: string): string {
  return text.length > 1 && /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}
