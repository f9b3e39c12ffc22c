import { buildTurnRequest } from "./build-turn-request.js";
import { createTurnTally } from "./create-turn-tally.js";
import { SCENARIO_RECIPIENT } from "./deliver-reply.js";
import type { MainTurnContext, TurnOptions, TurnOutcome } from "./main-turn-context.js";
import { runSessionRun } from "./run-session-run.js";
import { runTurnCommand } from "./run-turn-command.js";
import { runTurnMemoryFlush } from "./run-turn-memory-flush.js";
import { settleMainRun } from "./settle-main-run.js";
import { settleSubagents } from "./settle-subagents.js";
import { skipHeartbeatTurn } from "./skip-heartbeat-turn.js";
import { buildTurnInput } from "./turn-input.js";

/**
 * Plays one scenario turn on the main session, in steps: build the input, `message_received`
 * (user turns), a session command (`/new`, `/reset`, `/compact`) ends the turn there, the
 * heartbeat skip checks (heartbeat turns), the memory flush (user turns), the turn's own run and
 * its settlement, then the sub-agents it spawned and their announce runs.
 */
export async function runMainTurn(context: MainTurnContext, options: TurnOptions): Promise<TurnOutcome> {
  const { world, main } = context;
  const { turn, signal } = options;
  const input = buildTurnInput(turn, {
    config: world.config,
    agentId: context.agentId,
    now: world.runtime.now(),
    userTimezone: context.userTimezone,
  });
  const tally = createTurnTally();
  context.memo.tally = tally;
  // The turn's own run: `message_received`, a heartbeat skip and the run share its id.
  const runId = world.runtime.newId("run");
  if (turn.kind === "user") {
    await main.lifecycle.hooksFor({ runId, sessionKey: main.key }).fire("message_received", {
      from: SCENARIO_RECIPIENT,
      content: input.content,
      timestamp: world.runtime.now(),
    });
  }
  const steps = { context, turn, input: input.content, runId };
  const command = await runTurnCommand({ ...steps, tally, signal });
  if (command !== undefined) return command;
  if (turn.kind === "heartbeat") {
    const skipped = await skipHeartbeatTurn(steps);
    if (skipped !== undefined) return skipped;
  }
  const request = buildTurnRequest({ context, turn, category: options.category, signal, tally });
  if (turn.kind === "user") await runTurnMemoryFlush({ context, request: { ...request, input }, tally });
  // A system event wakes the session for a heartbeat-style run: acks and silence are
  // suppressed like a heartbeat's, an alert or relay is delivered.
  const heartbeat = turn.kind === "heartbeat" || turn.kind === "system";
  const settle = { context, request: { ...request, input }, tally };
  const ownRun = await runSessionRun(world, main, { ...request, input }, runId);
  const first = await settleMainRun({ ...settle, result: ownRun, heartbeat });
  await settleSubagents(
    { world, request, onChildRun: (result) => tally.addChildRun(result) },
    main,
    first.children,
    async (announce) =>
      settleMainRun({
        ...settle,
        result: await runSessionRun(world, main, { ...request, input: announce }),
        heartbeat: false,
      }),
  );
  return { input: input.content, systemPrompt: first.systemPrompt, ...tally.result() };
}
