import type { ExpectationResult, UnitResult } from "../domain/index.js";

export interface FailedExpectation {
  /** 0-based turn index. */
  turnIndex: number;
  expectation: ExpectationResult;
}

export interface UnitFailure {
  unit: UnitResult;
  expectations: FailedExpectation[];
  /** Turn errors, as `turn <n>: <error>` (1-based). */
  turnErrors: string[];
  /** Golden checks that did not match or were missing. */
  golden: NonNullable<UnitResult["golden"]>;
}

/** What went wrong in a unit: its failed expectations, turn errors and golden mismatches. */
export function describeFailure(unit: UnitResult): UnitFailure {
  const expectations: FailedExpectation[] = [];
  const turnErrors: string[] = [];
  for (const turn of unit.turns) {
    for (const expectation of turn.expectations) {
      if (!expectation.pass) expectations.push({ turnIndex: turn.index, expectation });
    }
    if (turn.error !== undefined) turnErrors.push(`turn ${turn.index + 1}: ${turn.error}`);
  }
  const golden = (unit.golden ?? []).filter((check) => check.status === "mismatch" || check.status === "missing");
  return { unit, expectations, turnErrors, golden };
}

/** Failed and errored units, in run order, with what went wrong in each. */
export function listFailures(units: readonly UnitResult[]): UnitFailure[] {
  return units.filter((unit) => unit.status === "failed" || unit.status === "errored").map(describeFailure);
}
