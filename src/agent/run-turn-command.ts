import type { Turn } from "../domain/index.js";
import type { MainTurnContext, TurnOutcome, TurnTally } from "./main-turn-context.js";
import { parseCompactCommand, runCompactCommand } from "./run-compact-command.js";
import { parseResetCommand, runResetCommand } from "./run-reset-command.js";

export interface RunTurnCommandOptions {
  context: MainTurnContext;
  turn: Turn;
  /** The turn's input text, as the outcome reports it. */
  input: string;
  /** The turn's own run id. */
  runId: string;
  tally: TurnTally;
  signal?: AbortSignal | undefined;
}

/**
 * Runs the turn as a session command when it is one: `/new` or `/reset` (the main session starts
 * over) or `/compact` (its history is summarised now). Resolves the turn's outcome, with an empty
 * system prompt, or `undefined` when the turn is no command and runs as usual.
 */
export async function runTurnCommand(options: RunTurnCommandOptions): Promise<TurnOutcome | undefined> {
  const { context, turn, input, runId, signal } = options;
  const resetKind = parseResetCommand(turn);
  if (resetKind !== undefined) {
    const totals = await runResetCommand({
      world: context.world,
      session: context.main,
      kind: resetKind,
      runId,
      onRetire: context.retire,
    });
    return { input, systemPrompt: "", ...totals };
  }
  const compactInstructions = parseCompactCommand(turn);
  if (compactInstructions === undefined) return undefined;
  const totals = await runCompactCommand({
    world: context.world,
    session: context.main,
    turn,
    instructions: compactInstructions,
    runId,
    ...(signal ? { signal } : {}),
  });
  const { usage, costUsd } = options.tally.result();
  return { input, systemPrompt: "", ...totals, usage, costUsd };
}
