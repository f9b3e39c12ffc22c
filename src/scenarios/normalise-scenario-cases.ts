import { formatFieldPath } from "../domain/format-field-path.js";
import type { Diagnostic, Scenario } from "../domain/index.js";
import { buildScenarioBase } from "./build-scenario-base.js";
import { checkExpectationPaths } from "./check-expectation-paths.js";
import { checkReplyPatterns } from "./check-reply-patterns.js";
import { checkScenarioConfig, hasErrors } from "./check-scenario-config.js";
import { caseSuffix, compileCaseTemplate, type PlaceholderUse, type ScenarioCase } from "./compile-case-template.js";
import type { LocateField } from "./locate-yaml-node.js";
import type { NormaliseScenarioOptions } from "./normalise-scenario.js";
import { suggestName } from "./suggest-name.js";

/** Start of the `expected` text of a diagnostic for a placeholder a case cannot fill. */
export const CASE_FIELD_EXPECTED = "a field of case #";

export interface NormaliseScenarioCasesOptions extends Omit<NormaliseScenarioOptions, "case"> {
  cases: readonly ScenarioCase[];
}

/**
 * One scenario per case, with ids `<file id>#<case id or index + 1>`. The file is normalised
 * once and each case only fills placeholders, so scenarios of one file share the parts no
 * placeholder touches (treat scenarios as read-only). Missing fields are reported once per
 * place, counting the other cases that lack them too. `config` is checked once for the file
 * (`checkScenarioConfig`): warnings come with the scenarios, errors make the file invalid. Pure.
 */
export function normaliseScenarioCases(
  options: NormaliseScenarioCasesOptions,
): { scenarios: Scenario[]; warnings?: Diagnostic[] } | { diagnostics: Diagnostic[] } {
  const displayPath = options.displayPath ?? options.path;
  const base = buildScenarioBase({ ...options, displayPath });
  const template = compileCaseTemplate({ scenario: base, scenarioFile: options.scenarioFile });
  const scenarios: Scenario[] = [];
  const missing: Diagnostic[] = [];
  const invalid: Diagnostic[] = [];
  for (const scenarioCase of options.cases) {
    const problems = missingFields(template.uses, scenarioCase, { locate: options.locate, file: displayPath });
    if (problems.length > 0) {
      missing.push(...problems);
      continue;
    }
    const { name, summaries, turns } = template.fill(scenarioCase.fields);
    const changed = (turn: number, position: number): boolean =>
      turns[turn]?.expect[position] !== base.turns[turn]?.expect[position];
    const patterns = [
      ...checkReplyPatterns({ turns, only: changed }),
      ...checkExpectationPaths({ turns, only: changed }),
    ];
    if (patterns.length > 0) {
      invalid.push(...patterns);
      continue;
    }
    const suffix = caseSuffix(scenarioCase);
    scenarios.push({ ...base, id: `${options.fileId}#${suffix}`, caseId: suffix, name, summaries, turns });
  }
  const templated = (turn: number, position: number): boolean =>
    template.uses.some(
      ({ path }) => path[0] === "turns" && path[1] === turn && path[2] === "expect" && path[3] === position,
    );
  const baseProblems = checkReplyPatterns({ turns: base.turns, only: (turn, position) => !templated(turn, position) });
  const config = checkScenarioConfig({
    config: options.scenarioFile.config,
    file: displayPath,
    locate: options.locate,
    ...(options.locateKey === undefined ? {} : { locateKey: options.locateKey }),
  });
  const diagnostics = [...collapse(missing), ...baseProblems, ...invalid];
  if (diagnostics.length > 0 || hasErrors(config)) return { diagnostics: [...config, ...diagnostics] };
  return config.length > 0 ? { scenarios, warnings: config } : { scenarios };
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
      expected: `${CASE_FIELD_EXPECTED}${caseSuffix(scenarioCase)}`,
      found: `placeholder ${JSON.stringify(use.placeholder)}`,
      severity: "error",
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  }
  return diagnostics;
}

/** The same missing placeholder in 1000 cases is one diagnostic: "case #1 and 999 other cases". */
function collapse(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const groups = new Map<string, { first: Diagnostic; count: number }>();
  for (const diagnostic of diagnostics) {
    const key = `${diagnostic.line}:${diagnostic.column}:${diagnostic.path}:${diagnostic.found}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { first: diagnostic, count: 1 });
    else group.count++;
  }
  return [...groups.values()].map(({ first, count }) => {
    const others = count - 1;
    if (others === 0) return first;
    return { ...first, expected: `${first.expected} and ${others} other case${others === 1 ? "" : "s"}` };
  });
}
