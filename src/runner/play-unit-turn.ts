import type { ReceivedTurnOutcome } from "../agent/create-agent-session.js";
import { raceAbort, type Turn, type TurnResult } from "../domain/index.js";
import { checkExpectations } from "../expectations/check-expectations.js";
import { deriveComplianceCategory } from "../scenarios/normalise-scenario.js";
import type { UnitGolden } from "./create-unit-golden.js";
import type { WorkUnit } from "./plan-units.js";
import { replaceUnitPaths, type StringPool } from "./replace-unit-paths.js";

export interface PlayUnitTurnOptions {
  unit: WorkUnit;
  turn: Turn;
  /** The turn's settled outcome, with the events of every run that carried its message. */
  outcome: ReceivedTurnOutcome;
  signal: AbortSignal;
  /** The unit's results so far; this turn's is appended. */
  turns: TurnResult[];
  golden: UnitGolden;
  importModule: (path: string) => Promise<Record<string, unknown>>;
  /** The unit's temp paths and their placeholders. */
  placeholders: readonly [path: string, placeholder: string][];
  stringPool?: StringPool | undefined;
}

/**
 * Records one settled turn of a unit: appends its result to `turns` at once (so a later failure
 * keeps it), checks its expectations and golden prompt unless the unit was aborted, then replaces
 * the result with its path-stable copy. Resolves whether the unit stops here (an abort, or an
 * error in the turn). A run aborted on its own (a run timeout, an interrupt by a newer message)
 * is no error: the unit goes on and the turn's expectations decide.
 */
export async function playUnitTurn(options: PlayUnitTurnOptions): Promise<{ stop: boolean }> {
  const { turn, signal, turns, golden, outcome } = options;
  const category = deriveComplianceCategory(turn);
  const result: TurnResult = {
    index: turn.index,
    kind: turn.kind,
    input: outcome.input,
    ...(category ? { category } : {}),
    reply: outcome.reply,
    delivered: outcome.delivered,
    systemPrompt: outcome.systemPrompt,
    events: outcome.events,
    expectations: [],
    usage: outcome.usage,
    costUsd: outcome.costUsd,
    latencyMs: outcome.latencyMs,
    ...(outcome.error === undefined || outcome.stopReason === "aborted" ? {} : { error: outcome.error }),
    location: turn.location,
    arrivedAt: new Date(outcome.arrivedAtMs).toISOString(),
  };
  // Turns settle concurrently: each replaces its own slot, never "the last one".
  const position = turns.push(result) - 1;
  const stable = (): void => {
    turns[position] = replaceUnitPaths(result, options.placeholders, options.stringPool);
  };
  if (signal.aborted) {
    stable();
    return { stop: true };
  }
  try {
    // A custom check that never settles must not hold an aborted unit: the unit then ends with
    // its timeout or interrupt, keeping this turn, and its temp folders are removed.
    result.expectations = await raceAbort(
      () =>
        checkExpectations({
          scenario: options.unit.scenario,
          turn,
          result,
          importModule: options.importModule,
          checkPromptGolden: golden.checkPromptGolden(turn),
          unitTurns: turns,
          model: options.unit.model,
        }),
      signal,
      "Checking the expectations",
    );
  } catch (error) {
    stable();
    throw error;
  }
  const systemPromptCheck = await golden.checkSystemPrompt(turn, result.systemPrompt);
  if (systemPromptCheck !== undefined) result.expectations.push(systemPromptCheck);
  stable();
  return { stop: result.error !== undefined };
}
