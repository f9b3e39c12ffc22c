import type { MainTurnContext, TurnTally } from "./main-turn-context.js";
import { runMemoryFlush } from "./run-memory-flush.js";
import { compactIfOverThreshold } from "./session-context-steps.js";
import type { SessionRunRequest } from "./session-run-types.js";

export interface RunTurnMemoryFlushOptions {
  context: MainTurnContext;
  /** The turn's own request, with the turn's input. */
  request: SessionRunRequest;
  tally: TurnTally;
}

/**
 * Before a user turn's run: the memory flush run when one is due ({@link runMemoryFlush}), added
 * to the turn's tally as a child run and followed by the threshold compaction check.
 */
export async function runTurnMemoryFlush(options: RunTurnMemoryFlushOptions): Promise<void> {
  const { context, request } = options;
  const { world, main } = context;
  const flush = await runMemoryFlush({
    world,
    session: main,
    request: { ...request },
    userTimezone: context.userTimezone,
    lastRun: context.memo.lastRun,
    runId: world.runtime.newId("run"),
  });
  if (flush === undefined) return;
  options.tally.addChildRun(flush);
  await compactIfOverThreshold(world, main, { ...request }, { runId: flush.runId, sessionKey: main.key });
}
