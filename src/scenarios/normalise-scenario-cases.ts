import { formatFieldPath } from "../domain/format-field-path.js";
import { ClawEvalError, type Diagnostic, type Scenario, type ScenarioFile, type Turn } from "../domain/index.js";
import { buildScenarioBase } from "./build-scenario-base.js";
import { valueAt } from "./build-schema-diagnostics.js";
import { checkCaseUnits } from "./check-case-units.js";
import { checkExpectationPaths } from "./check-expectation-paths.js";
import { checkReplyPatterns } from "./check-reply-patterns.js";
import { checkScenarioConfig, hasErrors } from "./check-scenario-config.js";
import { checkScenarioRelations, type RelationIssue } from "./check-scenario-relations.js";
import {
  caseSuffix,
  compileCaseTemplate,
  describeCase,
  type PlaceholderUse,
  type ScenarioCase,
} from "./compile-case-template.js";
import { describeValue } from "./describe-value.js";
import { type CaseUnit, findCaseUnits } from "./find-case-units.js";
import { withLazyTurns } from "./lazy-case-turns.js";
import type { LocateField } from "./locate-yaml-node.js";
import type { NormaliseScenarioOptions } from "./normalise-scenario.js";
import { suggestName } from "./suggest-name.js";

/** Start of the `expected` text of a diagnostic for a placeholder a case cannot fill. */
export const CASE_FIELD_EXPECTED = "a field of ";

export interface NormaliseScenarioCasesOptions extends Omit<NormaliseScenarioOptions, "case"> {
  cases: readonly ScenarioCase[];
  /**
   * The pieces of the file holding placeholders, as written (`parseScenarioText`'s `caseUnits`,
   * which validated the file with stand-ins there). Default: found in `scenarioFile`.
   */
  caseUnits?: readonly CaseUnit[];
}

/**
 * One scenario per case, with ids `<file id>#<case id or index + 1>`. Each case fills the
 * placeholders of the file as written (a value that is exactly `{{field}}` takes the case
 * value's type), then the filled pieces are validated by the scenario schema and normalised;
 * what no placeholder touches is normalised once and shared by every case's scenario (treat
 * scenarios as read-only). Problems name the case and where it is written; the same problem in
 * many cases is reported once with a count. `config` is checked once for the file, or per case
 * when it holds placeholders: warnings come with the scenarios, errors make the file invalid.
 * When cases fill the turns, each case's turns are built again on every read rather than kept
 * (`withLazyTurns`). Pure.
 */
export function normaliseScenarioCases(
  options: NormaliseScenarioCasesOptions,
): { scenarios: Scenario[]; warnings?: Diagnostic[] } | { diagnostics: Diagnostic[] } {
  const displayPath = options.displayPath ?? options.path;
  const locateKey = options.locateKey ?? options.locate;
  const units = options.caseUnits ?? findCaseUnits(options.scenarioFile);
  // Kept by lazy turns for as long as the scenarios live: not the list of cases.
  const { cases, caseUnits, ...fileOptions } = options;
  const base = buildScenarioBase({ ...options, displayPath });
  const template = compileCaseTemplate(units);
  const configUnit = units.some((unit) => unit.path[0] === "config");
  // Rules between fields read the turns, the clock and the time zone; only a case filling one can break them.
  const relationUnit = units.some((unit) => ["turns", "clock", "timezone"].includes(String(unit.path[0])));
  const timeUnit = units.some((unit) => unit.path[0] === "clock" || unit.path[0] === "timezone");
  // Filled turns are built again when read (`withLazyTurns`), from the case's fields alone.
  const turnsUnit = units.some((unit) => unit.path[0] === "turns");
  const locator = { value: fileOptions.locate, key: locateKey };
  const fillCase = (fields: ScenarioCase["fields"]) =>
    checkCaseUnits({
      scenarioFile: fileOptions.scenarioFile,
      filled: template.fill(fields),
      locator,
      file: displayPath,
    });
  const buildCase = (caseFile: ScenarioFile): Scenario =>
    buildScenarioBase({
      ...fileOptions,
      scenarioFile: caseFile,
      displayPath,
      reuse: { scenarioFile: fileOptions.scenarioFile, scenario: base },
    });
  const rebuildTurns = (fields: ScenarioCase["fields"]) => (): Turn[] => {
    const checked = fillCase(fields);
    if ("diagnostics" in checked) throw new ClawEvalError("invariant", "a case valid when loaded failed when rebuilt");
    return buildCase(checked.scenarioFile).turns;
  };
  const scenarios: Scenario[] = [];
  const missing: Diagnostic[] = [];
  const invalid: Diagnostic[] = [];
  const caseWarnings = new Map<string, Diagnostic>();
  for (const scenarioCase of cases) {
    const problems = missingFields(template.uses, scenarioCase, { locate: options.locate, file: displayPath });
    if (problems.length > 0) {
      missing.push(...problems);
      continue;
    }
    const checked = fillCase(scenarioCase.fields);
    const inCase = ` in ${describeCase(scenarioCase)}`;
    const naming = (diagnostic: Diagnostic): Diagnostic => ({ ...diagnostic, found: `${diagnostic.found}${inCase}` });
    if ("diagnostics" in checked) {
      invalid.push(...checked.diagnostics.map(naming));
      continue;
    }
    const caseFile: ScenarioFile = checked.scenarioFile;
    const relations = relationUnit ? checkScenarioRelations({ data: caseFile, overrides: timeUnit }) : [];
    if (relations.length > 0) {
      const where = { file: displayPath, locate: options.locate, data: caseFile };
      invalid.push(...relations.map((issue) => naming(relationDiagnostic(issue, where))));
      continue;
    }
    if (configUnit) {
      const config = checkScenarioConfig({
        config: caseFile.config,
        file: displayPath,
        locate: options.locate,
        locateKey,
      });
      if (hasErrors(config)) {
        invalid.push(...config.filter((diagnostic) => diagnostic.severity === "error").map(naming));
        continue;
      }
      for (const warning of config) caseWarnings.set(JSON.stringify(warning), warning);
    }
    const built = buildCase(caseFile);
    const changed = (turn: number, position: number): boolean =>
      built.turns[turn]?.expect[position] !== base.turns[turn]?.expect[position];
    const patterns = [
      ...checkReplyPatterns({ turns: built.turns, only: changed }),
      ...checkExpectationPaths({ turns: built.turns, only: changed }),
    ];
    if (patterns.length > 0) {
      invalid.push(...patterns.map(naming));
      continue;
    }
    const suffix = caseSuffix(scenarioCase);
    const ids = { id: `${options.fileId}#${suffix}`, caseId: suffix };
    // Not `{ ...built, ...ids }`: V8 gives each such copy a shape of its own, hundreds of bytes a case.
    if (turnsUnit) scenarios.push(withLazyTurns(built, ids, rebuildTurns(scenarioCase.fields)));
    else scenarios.push(Object.assign(built, ids));
  }
  const config = checkScenarioConfig({
    config: options.scenarioFile.config,
    file: displayPath,
    locate: options.locate,
    locateKey,
  });
  const diagnostics = [
    ...collapse(missing, { key: (diagnostic) => diagnostic.found, extend: "expected" }),
    ...checkReplyPatterns({ turns: base.turns, heartbeats: base.heartbeats }),
    ...collapse(invalid, { key: (diagnostic) => diagnostic.expected, extend: "found" }),
  ];
  if (diagnostics.length > 0 || hasErrors(config)) return { diagnostics: [...config, ...diagnostics] };
  const warnings = [...config, ...caseWarnings.values()];
  return warnings.length > 0 ? { scenarios, warnings } : { scenarios };
}

function relationDiagnostic(
  issue: RelationIssue,
  where: { file: string; locate: LocateField; data: ScenarioFile },
): Diagnostic {
  return {
    file: where.file,
    ...where.locate(issue.path),
    path: formatFieldPath(issue.path),
    expected: issue.expected,
    found: issue.found ?? describeValue(valueAt(where.data, issue.path)),
    severity: "error",
  };
}

function missingFields(
  uses: readonly PlaceholderUse[],
  scenarioCase: ScenarioCase,
  where: { locate: LocateField; file: string },
): Diagnostic[] {
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const use of uses) {
    if (Object.hasOwn(scenarioCase.fields, use.field)) continue;
    const path = formatFieldPath(use.path);
    const key = `${path}\u0000${use.placeholder}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const suggestion = suggestName(use.field, Object.keys(scenarioCase.fields));
    diagnostics.push({
      file: where.file,
      ...where.locate(use.path),
      path,
      expected: `${CASE_FIELD_EXPECTED}${describeCase(scenarioCase)}`,
      found: `placeholder ${JSON.stringify(use.placeholder)}`,
      severity: "error",
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  }
  return diagnostics;
}

/**
 * The same problem in 1000 cases is one diagnostic, the first case's, with "and 999 other
 * cases" added to its `extend` text. Diagnostics group by position, path and `key`.
 */
function collapse(
  diagnostics: readonly Diagnostic[],
  group: { key: (diagnostic: Diagnostic) => string; extend: "expected" | "found" },
): Diagnostic[] {
  const groups = new Map<string, { first: Diagnostic; count: number }>();
  for (const diagnostic of diagnostics) {
    const key = `${diagnostic.line}:${diagnostic.column}:${diagnostic.path}:${group.key(diagnostic)}`;
    const found = groups.get(key);
    if (found === undefined) groups.set(key, { first: diagnostic, count: 1 });
    else found.count++;
  }
  return [...groups.values()].map(({ first, count }) => {
    const others = count - 1;
    if (others === 0) return first;
    return { ...first, [group.extend]: `${first[group.extend]} and ${others} other case${others === 1 ? "" : "s"}` };
  });
}
