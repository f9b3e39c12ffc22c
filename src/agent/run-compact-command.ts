import type { Turn } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";
import type { TurnTotals } from "./create-turn-tally.js";
import { deliverReply } from "./deliver-reply.js";
import { callContextFor, ensureSessionContext, summarizerFor } from "./session-context-steps.js";
import type { SessionRunWorld, SessionState } from "./session-run-types.js";

const COMPACT_COMMAND = /^\/compact(?:\s+([\s\S]*))?$/;

/**
 * The instructions of a `/compact [instructions]` user turn (context.md §4.2 item 3): `""` for a
 * bare `/compact`, `undefined` when the turn is not the command.
 */
export function parseCompactCommand(turn: Turn): string | undefined {
  if (turn.kind !== "user") return undefined;
  const match = COMPACT_COMMAND.exec(turn.text.trim());
  return match === null ? undefined : (match[1] ?? "").trim();
}

/**
 * Runs `/compact` on the main session without an agent run: a forced compaction with the text as
 * the summariser's extra instructions, then a short status reply delivered on the channel.
 */
export async function runCompactCommand(options: {
  world: SessionRunWorld;
  session: SessionState;
  turn: Turn;
  instructions: string;
  runId: string;
  signal?: AbortSignal;
}): Promise<TurnTotals> {
  const { world, session, turn } = options;
  const base = { runId: options.runId, sessionKey: session.key };
  const context = await ensureSessionContext(world, session, base);
  const hooks = session.lifecycle.hooksFor(base);
  const request = { turn, category: undefined, input: { role: "user" as const, content: turn.text } };
  const run = await context.compact({
    trigger: "manual",
    summarize: summarizerFor(world, session, { ...callContextFor(world, session, request), purpose: "compaction" }),
    ...(options.instructions === "" ? {} : { customInstructions: options.instructions }),
    hooks,
    ...(options.signal ? { signal: options.signal } : {}),
    base,
    emit: world.emit,
  });
  const text = run.compacted
    ? `Compacted the session: about ${run.result?.tokensBefore ?? 0} tokens before, ${run.result?.tokensAfter ?? 0} after.`
    : `Nothing was compacted: ${run.reason ?? "no reason given"}.`;
  const delivered = await deliverReply({ text, emit: world.emit, base, hooks });
  return {
    reply: text,
    delivered,
    stopReason: run.ok ? "end_turn" : "error",
    ...(run.ok ? {} : { error: `compaction failed: ${run.reason ?? "unknown reason"}` }),
    usage: ZERO_USAGE,
    costUsd: 0,
    latencyMs: 0,
  };
}
