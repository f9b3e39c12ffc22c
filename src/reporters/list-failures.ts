import type { ExpectationResult, TurnResult, UnitResult } from "../domain/index.js";
import { formatString, MAX_VALUE_CHARS } from "../expectations/format-value.js";

/** Stands for the turn's reply inside an expectation's `actual`, which quotes it once above. */
export const REPLY_REFERENCE = "[reply above]";

export interface FailedExpectation {
  /** 0-based turn index. */
  turnIndex: number;
  expectation: ExpectationResult;
  /**
   * `expectation.actual` with the turn's quoted reply replaced by {@link REPLY_REFERENCE} when
   * the turn's reply is listed in {@link UnitFailure.replies}; else `expectation.actual` as is.
   */
  actual?: string;
}

/** The reply of a turn with failed expectations, quoted once for all of them. */
export interface FailedTurnReply {
  /** 0-based turn index. */
  turnIndex: number;
  /** Quoted and cut as the expectations quote it. */
  reply: string;
}

export interface UnitFailure {
  unit: UnitResult;
  expectations: FailedExpectation[];
  /** Replies that failed expectations quoted, one per turn, in turn order. */
  replies: FailedTurnReply[];
  /** Turn errors, as `turn <n>: <error>` (1-based). */
  turnErrors: string[];
  /** Golden checks that did not match or were missing. */
  golden: NonNullable<UnitResult["golden"]>;
  /** `unit.error`, unless a turn error already says it (a turn's error usually ends the unit). */
  unitError?: string;
}

/** A turn's failed expectations; its reply is taken out of their `actual` values when one quotes it. */
function failedInTurn(turn: TurnResult): { expectations: FailedExpectation[]; reply?: FailedTurnReply } {
  const failed = turn.expectations.filter((expectation) => !expectation.pass);
  const quoted = formatString(turn.reply, MAX_VALUE_CHARS);
  const quotes = turn.reply !== "" && failed.some((expectation) => expectation.actual?.includes(quoted) === true);
  const expectations = failed.map((expectation) => {
    const actual = quotes ? expectation.actual?.split(quoted).join(REPLY_REFERENCE) : expectation.actual;
    return { turnIndex: turn.index, expectation, ...(actual === undefined ? {} : { actual }) };
  });
  return quotes ? { expectations, reply: { turnIndex: turn.index, reply: quoted } } : { expectations };
}

/** What went wrong in a unit: its failed expectations, turn errors and golden mismatches. */
export function describeFailure(unit: UnitResult): UnitFailure {
  const expectations: FailedExpectation[] = [];
  const replies: FailedTurnReply[] = [];
  const turnErrors: string[] = [];
  for (const turn of unit.turns) {
    const failed = failedInTurn(turn);
    expectations.push(...failed.expectations);
    if (failed.reply !== undefined) replies.push(failed.reply);
    if (turn.error !== undefined) turnErrors.push(`turn ${turn.index + 1}: ${turn.error}`);
  }
  const golden = (unit.golden ?? []).filter((check) => check.status === "mismatch" || check.status === "missing");
  const { error } = unit;
  const repeated = error === undefined || turnErrors.some((turnError) => turnError.endsWith(`: ${error}`));
  return { unit, expectations, replies, turnErrors, golden, ...(repeated ? {} : { unitError: error }) };
}

/** Failed and errored units, in run order, with what went wrong in each. */
export function listFailures(units: readonly UnitResult[]): UnitFailure[] {
  return units.filter((unit) => unit.status === "failed" || unit.status === "errored").map(describeFailure);
}
