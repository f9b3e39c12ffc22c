import type { ExpectationResult, Scenario, Turn, UnitResult } from "../domain/index.js";
import type { CheckPromptGolden, PromptGoldenOutcome } from "../expectations/expectation-context.js";
import { type GoldenChecker, normalisePrompt, type PathPlaceholder } from "../golden/index.js";

export type GoldenRecord = NonNullable<UnitResult["golden"]>[number];

export interface UnitGolden {
  /** For `checkExpectations`: the `prompt-golden` comparison of one turn. */
  checkPromptGolden(turn: Turn): CheckPromptGolden;
  /**
   * The scenario's `golden.systemPrompt` check of the first turn's prompt, as a result of type
   * `golden`; `undefined` for other turns and scenarios without one.
   */
  checkSystemPrompt(turn: Turn, systemPrompt: string): Promise<ExpectationResult | undefined>;
  /** Every golden check of the unit so far, in check order (for `UnitResult.golden`). */
  readonly records: GoldenRecord[];
}

export interface CreateUnitGoldenOptions {
  checker: GoldenChecker;
  scenario: Scenario;
  unitId: string;
  /** The unit's temp paths and their placeholders, plus any other path to normalise. */
  paths: readonly PathPlaceholder[];
}

/**
 * A unit's golden checks: normalises each prompt with the unit's paths, compares it through the
 * run's checker and records the outcome. The summary and diff go in the result's `actual` (so
 * every reporter shows them); records keep only file and status.
 */
export function createUnitGolden(options: CreateUnitGoldenOptions): UnitGolden {
  const records: GoldenRecord[] = [];
  const compare = async (file: string, systemPrompt: string, turn: Turn): Promise<PromptGoldenOutcome> => {
    const outcome = await options.checker.check({
      file,
      prompt: normalisePrompt(systemPrompt, { paths: options.paths }),
      actualLabel: `system prompt of ${options.unitId}, turn ${turn.index + 1}`,
    });
    records.push({ file: outcome.file, status: outcome.status });
    return outcome;
  };
  return {
    records,
    checkPromptGolden: (turn) => (request) => compare(request.file, request.systemPrompt, turn),
    async checkSystemPrompt(turn, systemPrompt) {
      const golden = options.scenario.golden;
      if (turn.index !== 0 || golden?.systemPrompt === undefined) return undefined;
      const outcome = await compare(golden.systemPrompt, systemPrompt, turn);
      return {
        type: "golden",
        pass: outcome.pass,
        message: outcome.message,
        expected: outcome.expected,
        ...(outcome.actual === undefined ? {} : { actual: outcome.actual }),
        location: golden.location ?? turn.location,
      };
    },
  };
}
