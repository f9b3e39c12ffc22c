import type { AgentSession } from "../agent/create-agent-session.js";
import { type AgentEvent, raceAbort, type Turn, type TurnResult } from "../domain/index.js";
import { checkExpectations } from "../expectations/check-expectations.js";
import { deriveComplianceCategory } from "../scenarios/normalise-scenario.js";
import type { UnitGolden } from "./create-unit-golden.js";
import type { WorkUnit } from "./plan-units.js";
import { replaceUnitPaths, type StringPool } from "./replace-unit-paths.js";

export interface PlayUnitTurnOptions {
  unit: WorkUnit;
  turn: Turn;
  session: AgentSession;
  signal: AbortSignal;
  /** The array the session's emit fills during this turn; becomes the result's `events`. */
  events: AgentEvent[];
  /** The unit's results so far; this turn's is appended. */
  turns: TurnResult[];
  golden: UnitGolden;
  importModule: (path: string) => Promise<Record<string, unknown>>;
  /** The unit's temp paths and their placeholders. */
  placeholders: readonly [path: string, placeholder: string][];
  stringPool?: StringPool | undefined;
}

/**
 * Plays one turn of a unit: runs it on the session, appends its result to `turns` as soon as
 * it ran (so a later failure keeps it), checks its expectations and golden prompt unless the
 * turn was aborted, then replaces the result with its path-stable copy. Resolves whether the
 * unit stops here (an abort, or an error in the turn).
 */
export async function playUnitTurn(options: PlayUnitTurnOptions): Promise<{ stop: boolean }> {
  const { turn, signal, turns, golden } = options;
  const category = deriveComplianceCategory(turn);
  const outcome = await options.session.runTurn({ turn, signal, ...(category ? { category } : {}) });
  const result: TurnResult = {
    index: turn.index,
    kind: turn.kind,
    input: outcome.input,
    ...(category ? { category } : {}),
    reply: outcome.reply,
    delivered: outcome.delivered,
    systemPrompt: outcome.systemPrompt,
    events: options.events,
    expectations: [],
    usage: outcome.usage,
    costUsd: outcome.costUsd,
    latencyMs: outcome.latencyMs,
    ...(outcome.error === undefined || outcome.stopReason === "aborted" ? {} : { error: outcome.error }),
    location: turn.location,
  };
  turns.push(result);
  const stable = (): void => {
    turns[turns.length - 1] = replaceUnitPaths(result, options.placeholders, options.stringPool);
  };
  if (outcome.stopReason === "aborted" || signal.aborted) {
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
