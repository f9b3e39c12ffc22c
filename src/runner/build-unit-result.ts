import type {
  SessionTranscriptRecord,
  TurnResult,
  UnitMemoryMeasures,
  UnitResult,
  UnitStatus,
  Usage,
} from "../domain/index.js";
import { addUsage, sumTurnCosts, ZERO_USAGE } from "../domain/index.js";
import type { GoldenRecord } from "./create-unit-golden.js";
import type { WorkUnit } from "./plan-units.js";
import { unitIdentity } from "./unit-identity.js";

/** Why a unit did not get the status its turns give it: an internal error or an abort. */
export interface UnitFailure {
  status: UnitStatus;
  error: string;
}

export interface BuildUnitResultOptions {
  unit: WorkUnit;
  /** Path of the scenario file as shown in reports. */
  displayFile: string;
  turns: TurnResult[];
  failure: UnitFailure | undefined;
  /** Wall time of the unit, ms (rounded here). */
  durationMs: number;
  /** The unit's golden checks in check order; left out of the result when empty. */
  golden: GoldenRecord[];
  sessions: SessionTranscriptRecord[] | undefined;
  memory: UnitMemoryMeasures | undefined;
}

/**
 * A unit's result from its turns: the failure's status and error when there is one, else
 * `errored` (with the first turn error) when a turn errored, `failed` when an expectation
 * failed, `passed` otherwise. Usage is summed over the turns; cost is `null` when any turn's is.
 */
export function buildUnitResult(options: BuildUnitResultOptions): UnitResult {
  const { turns, failure } = options;
  const usage: Usage = turns.reduce((sum, turn) => addUsage(sum, turn.usage), ZERO_USAGE);
  const status = failure?.status ?? unitStatus(turns);
  const firstTurnError = turns.find((turn) => turn.error !== undefined)?.error;
  const error = failure?.error ?? (status === "errored" ? firstTurnError : undefined);
  return {
    ...unitIdentity(options.unit, options.displayFile),
    status,
    turns,
    ...(error === undefined ? {} : { error }),
    durationMs: Math.round(options.durationMs),
    usage,
    costUsd: sumTurnCosts(turns),
    ...(options.golden.length === 0 ? {} : { golden: options.golden }),
    ...(options.sessions === undefined ? {} : { sessions: options.sessions }),
    ...(options.memory === undefined ? {} : { memory: options.memory }),
  };
}

function unitStatus(turns: readonly TurnResult[]): UnitStatus {
  if (turns.some((turn) => turn.error !== undefined)) return "errored";
  if (turns.some((turn) => turn.expectations.some((expectation) => !expectation.pass))) return "failed";
  return "passed";
}
