import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type Diagnostic, errorMessage, type Scenario } from "../domain/index.js";
import { checkUnitCount } from "./check-unit-count.js";
import { loadCases } from "./load-cases.js";
import { loadFolderDiagnostics } from "./load-folder-diagnostics.js";
import { loadHookDiagnostics } from "./load-hook-diagnostics.js";
import { loadSessionDiagnostics } from "./load-session-diagnostics.js";
import { normaliseScenario } from "./normalise-scenario.js";
import { normaliseScenarioCases } from "./normalise-scenario-cases.js";
import { type ParseScenarioTextResult, parseScenarioText } from "./parse-scenario-text.js";
import { sortDiagnostics } from "./sort-diagnostics.js";

/** Reads and parses one scenario file; an unreadable file is a diagnostic. */
export async function readScenarioFile(options: {
  path: string;
  displayPath: string;
}): Promise<ParseScenarioTextResult> {
  let text: string;
  try {
    text = await readFile(options.path, "utf8");
  } catch (error) {
    const found = `an unreadable file (${errorMessage(error)})`;
    const diagnostic: Diagnostic = {
      file: options.displayPath,
      line: 1,
      column: 1,
      path: "",
      expected: "a scenario file",
      found,
      severity: "error",
    };
    return { ok: false, diagnostics: [diagnostic] };
  }
  return parseScenarioText({ text, file: options.displayPath });
}

export interface LoadFileScenariosOptions {
  /** Absolute path of the scenario file. */
  path: string;
  fileId: string;
  displayPath: string;
  /** Names other files (cases files) in diagnostics. */
  displayPathOf: (absolutePath: string) => string;
  parsed: Extract<ParseScenarioTextResult, { ok: true }>;
}

export interface FileScenarios {
  scenarios: Scenario[];
  /** Sorted; any error means `scenarios` is empty. */
  diagnostics: Diagnostic[];
}

/** Expands a parsed scenario file into one scenario, or one per case (loading a cases file if named). */
export async function loadFileScenarios(options: LoadFileScenariosOptions): Promise<FileScenarios> {
  const { parsed, path, fileId, displayPath } = options;
  const base = {
    scenarioFile: parsed.value,
    path,
    displayPath,
    fileId,
    locate: parsed.locate,
    locateKey: parsed.locateKey,
  };
  const warnings = parsed.warnings;
  const where = { folder: dirname(path), displayPath, locate: parsed.locate };
  const { workspace, home } = parsed.value;
  const fileErrors = [
    ...(await loadFolderDiagnostics({ folders: { workspace, home }, ...where })),
    ...(await loadHookDiagnostics({ hooks: parsed.value.hooks, ...where })),
    ...(await loadSessionDiagnostics({ session: parsed.value.session, ...where })),
  ];
  if (fileErrors.length > 0) return { scenarios: [], diagnostics: sortDiagnostics([...fileErrors, ...warnings]) };
  const countAt = { scenarioFile: parsed.value, file: displayPath, locateKey: parsed.locateKey };
  if (parsed.value.cases === undefined) {
    const tooMany = checkUnitCount({ ...countAt, caseCount: 1 });
    if (tooMany.length > 0) return { scenarios: [], diagnostics: sortDiagnostics([...tooMany, ...warnings]) };
    const result = normaliseScenario(base);
    if ("diagnostics" in result)
      return { scenarios: [], diagnostics: sortDiagnostics([...result.diagnostics, ...warnings]) };
    return { scenarios: [result.scenario], diagnostics: sortDiagnostics([...warnings, ...(result.warnings ?? [])]) };
  }
  const loaded = await loadCases({
    cases: parsed.value.cases,
    folder: dirname(path),
    scenarioFile: displayPath,
    displayPath: options.displayPathOf,
    locate: parsed.locate,
    locateKey: parsed.locateKey,
  });
  if ("diagnostics" in loaded)
    return { scenarios: [], diagnostics: [...sortDiagnostics(loaded.diagnostics), ...warnings] };
  const tooMany = checkUnitCount({ ...countAt, caseCount: loaded.cases.length });
  if (tooMany.length > 0) return { scenarios: [], diagnostics: sortDiagnostics([...tooMany, ...warnings]) };
  const caseUnits = parsed.caseUnits === undefined ? {} : { caseUnits: parsed.caseUnits };
  const result = normaliseScenarioCases({ ...base, cases: loaded.cases, ...caseUnits });
  if ("diagnostics" in result)
    return { scenarios: [], diagnostics: sortDiagnostics([...result.diagnostics, ...warnings]) };
  return { scenarios: result.scenarios, diagnostics: sortDiagnostics([...warnings, ...(result.warnings ?? [])]) };
}
