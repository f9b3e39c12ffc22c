import { pathToFileURL } from "node:url";
import type { Expectation, ExpectationResult, Scenario, TurnResult } from "../../src/domain/index.js";
import { checkExpectations } from "../../src/expectations/check-expectations.js";
import type { CheckPromptGolden, ImportModule } from "../../src/expectations/expectation-context.js";
import { buildScenario, buildTurn, buildTurnResult } from "../support/build-turn.js";

/** The real loader, as the runner passes it. */
export const importReal: ImportModule = (path) => import(pathToFileURL(path).href);

export interface CheckOneOptions {
  result?: Partial<TurnResult>;
  scenario?: Partial<Scenario>;
  importModule?: ImportModule;
  checkPromptGolden?: CheckPromptGolden;
}

/** Runs `checkExpectations` on a turn holding just `expectation` and returns its one result. */
export async function checkOne(expectation: Expectation, options: CheckOneOptions = {}): Promise<ExpectationResult> {
  const results = await checkExpectations({
    scenario: buildScenario(options.scenario),
    turn: buildTurn({ expect: [expectation] }),
    result: buildTurnResult(options.result),
    importModule: options.importModule ?? importReal,
    ...(options.checkPromptGolden === undefined ? {} : { checkPromptGolden: options.checkPromptGolden }),
  });
  if (results.length !== 1 || results[0] === undefined) throw new Error(`expected one result, got ${results.length}`);
  return results[0];
}
