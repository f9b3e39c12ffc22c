import type { Diagnostic, Scenario, ScenarioFile } from "../domain/index.js";
import { buildScenarioBase } from "./build-scenario-base.js";
import { checkReplyPatterns } from "./check-reply-patterns.js";
import { checkScenarioConfig, hasErrors } from "./check-scenario-config.js";
import type { ScenarioCase } from "./compile-case-template.js";
import type { CaseUnit } from "./find-case-units.js";
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
  /** With `case`: the pieces holding placeholders, from `parseScenarioText` (default: found in `scenarioFile`). */
  caseUnits?: readonly CaseUnit[];
  /** Position of the value at a field path, from `parseScenarioText`. */
  locate: LocateField;
  /** Position of the key holding a value, from `parseScenarioText`; default `locate`. */
  locateKey?: LocateField;
}

/** `warnings` (config warnings) is present only when there are some. */
export type NormaliseScenarioResult = { scenario: Scenario; warnings?: Diagnostic[] } | { diagnostics: Diagnostic[] };

/**
 * The runnable `Scenario` of a validated file: defaults applied, paths absolute, script steps and
 * expectations normalised, and, with a case, `{{field}}` placeholders filled and the filled
 * pieces validated (`normaliseScenarioCases`; id `<file id>#<case id or index + 1>`). Invalid
 * reply patterns and placeholders the case cannot fill are diagnostics. `config` is checked as
 * openclaw.json (`checkScenarioConfig`): its warnings come with the scenario, its errors make the
 * file invalid. Pure.
 */
export function normaliseScenario(options: NormaliseScenarioOptions): NormaliseScenarioResult {
  const { case: scenarioCase, caseUnits, ...rest } = options;
  if (scenarioCase !== undefined) {
    const result = normaliseScenarioCases({
      ...rest,
      cases: [scenarioCase],
      ...(caseUnits === undefined ? {} : { caseUnits }),
    });
    const [scenario] = "scenarios" in result ? result.scenarios : [];
    if (scenario === undefined) return { diagnostics: "diagnostics" in result ? result.diagnostics : [] };
    return "warnings" in result && result.warnings !== undefined
      ? { scenario, warnings: result.warnings }
      : { scenario };
  }
  const displayPath = options.displayPath ?? options.path;
  const scenario = buildScenarioBase({ ...rest, displayPath });
  const config = checkScenarioConfig({
    config: options.scenarioFile.config,
    file: displayPath,
    locate: options.locate,
    ...(options.locateKey === undefined ? {} : { locateKey: options.locateKey }),
  });
  const diagnostics = checkReplyPatterns({ turns: scenario.turns, heartbeats: scenario.heartbeats });
  if (diagnostics.length > 0 || hasErrors(config)) return { diagnostics: [...config, ...diagnostics] };
  return config.length > 0 ? { scenario, warnings: config } : { scenario };
}
