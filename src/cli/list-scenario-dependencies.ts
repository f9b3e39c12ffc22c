import type { Scenario } from "../domain/index.js";
import { goldenFilesOf } from "../runner/find-obsolete-golden-files.js";
import type { ScenarioDependencies } from "./find-affected-scenarios.js";

/**
 * The files and folders `scenario` reads, for `--watch`: its file, `casesFile` (the cases file
 * its file names, if any), hook modules, custom check modules, session, golden files, workspace
 * and home. Pure.
 */
export function listScenarioDependencies(scenario: Scenario, casesFile: string | undefined): ScenarioDependencies {
  const modules = scenario.turns.flatMap((turn) =>
    turn.expect.flatMap((expectation) => (expectation.type === "custom" ? [expectation.module] : [])),
  );
  const files = [
    scenario.file,
    ...(casesFile === undefined ? [] : [casesFile]),
    ...scenario.hooks,
    ...modules,
    ...(scenario.session === undefined ? [] : [scenario.session]),
    ...goldenFilesOf(scenario),
  ];
  const folders = [scenario.workspace, scenario.home].filter((folder) => folder !== undefined);
  return { scenarioId: scenario.id, files: [...new Set(files)], folders };
}
