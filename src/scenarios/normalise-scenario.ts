import type { Diagnostic, Scenario, ScenarioFile } from "../domain/index.js";
import { buildScenarioBase } from "./build-scenario-base.js";
import { checkReplyPatterns } from "./check-reply-patterns.js";
import type { ScenarioCase } from "./compile-case-template.js";
import type { LocateField } from "./locate-yaml-node.js";
import { normaliseScenarioCases } from "./normalise-scenario-cases.js";

export type { ScenarioCase } from "./compile-case-template.js";
export { deriveComplianceCategory } from "./derive-compliance-category.js";

export interface NormaliseScenarioOptions {
  scenarioFile: ScenarioFile;
  /** Absolute path of the scenario file; relative paths in it resolve against its folder. */
  path: string;
  /** File name in locations and diagnostics (usually relative to the working directory); default `path`. */
  displayPath?: string;
  /** Id of the scenario file (DESIGN.md "Ids and files"). */
  fileId: string;
  /** The data-driven case to fill in, if any. */
  case?: ScenarioCase;
  /** Position of the value at a field path, from `parseScenarioText`. */
  locate: LocateField;
}

export type NormaliseScenarioResult = { scenario: Scenario } | { diagnostics: Diagnostic[] };

/**
 * The runnable `Scenario` of a validated file: defaults applied, paths absolute, script steps and
 * expectations normalised, and, with a case, `{{field}}` placeholders filled in `name` and
 * `turns` (id `<file id>#<case id or index + 1>`). Invalid reply patterns and placeholders the
 * case cannot fill are diagnostics. Pure.
 */
export function normaliseScenario(options: NormaliseScenarioOptions): NormaliseScenarioResult {
  const { case: scenarioCase, ...rest } = options;
  if (scenarioCase !== undefined) {
    const result = normaliseScenarioCases({ ...rest, cases: [scenarioCase] });
    const [scenario] = "scenarios" in result ? result.scenarios : [];
    return scenario === undefined ? { diagnostics: "diagnostics" in result ? result.diagnostics : [] } : { scenario };
  }
  const scenario = buildScenarioBase({ ...rest, displayPath: options.displayPath ?? options.path });
  const diagnostics = checkReplyPatterns({ turns: scenario.turns });
  return diagnostics.length > 0 ? { diagnostics } : { scenario };
}
