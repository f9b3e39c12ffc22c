import { buildCollectedMessage } from "./build-collected-message.js";
import { buildTurnRequest } from "./build-turn-request.js";
import { createRunSteering } from "./create-run-steering.js";
import type { TurnTracker } from "./create-turn-tracker.js";
import { runSessionRun } from "./run-session-run.js";
import { runTurnCommand } from "./run-turn-command.js";
import { runTurnMemoryFlush } from "./run-turn-memory-flush.js";
import type { ActiveRun, Lane, LaneCore, LaneItem } from "./session-lane.js";
import type { SessionRunRequest } from "./session-run-types.js";
import { settleMainRun } from "./settle-main-run.js";
import { startLaneChild } from "./start-lane-child.js";

/**
 * One item of a lane (spec/loop.md §2.1 from step 3): a session command ends there; else the
 * memory flush (user messages), the run with its steering queue, the run timeout and a spawner
 * whose children start at once, then delivery and settlement. Messages steered into the run but
 * never taken get runs of their own. Only a run that settled closes its messages; a failure
 * rejects (the drain fails them).
 */
export async function runLaneItem(
  core: LaneCore,
  lane: Lane,
  item: LaneItem,
  unitSignal: AbortSignal | undefined,
): Promise<void> {
  const { world, router, settings } = core;
  const { context } = lane;
  const { owner } = item;
  const turn = owner.turn;
  const sessionKey = context.main.key;
  for (const tracker of item.trackers) router.attachRun(item.runId, tracker);
  router.setCurrent(sessionKey, item.trackers);
  lane.current = item;
  context.memo.tally = owner.tally;
  try {
    if (item.kind === "collect" && (item.texts.length > 1 || item.trackers.length > 1)) {
      core.queueEvent(lane, item.trackers, "started", owner.turn.index, {
        runId: item.runId,
        turnIndexes: item.trackers.map((tracker) => tracker.turn.index),
      });
    }
    if (item.kind === "turn") {
      const command = await runTurnCommand({
        context,
        turn,
        input: owner.input,
        runId: item.runId,
        tally: owner.tally,
        signal: unitSignal,
      });
      if (command !== undefined) {
        for (const tracker of item.trackers) tracker.finish(command);
        return;
      }
    }
    const signal =
      unitSignal === undefined ? item.controller.signal : AbortSignal.any([unitSignal, item.controller.signal]);
    const base = buildTurnRequest({ context, turn, category: owner.category, signal, tally: owner.tally });
    if (item.kind === "collect") item.dropped.unshift(...lane.dropped.splice(0));
    const input =
      item.kind === "collect"
        ? { ...item.input, content: buildCollectedMessage(item.texts, item.dropped) }
        : item.input;
    // A heartbeat runs on `heartbeat.model` when the unit can resolve it (spec/loop.md §5.1).
    const configured = context.heartbeat.settings.model;
    const heartbeatModel =
      item.kind !== "announce" && turn.kind === "heartbeat" && configured !== undefined
        ? world.resolveModel?.(configured)
        : undefined;
    const request: SessionRunRequest = {
      ...base,
      input,
      origin: turn.origin,
      ...(heartbeatModel === undefined ? {} : { model: heartbeatModel }),
    };
    if (item.kind !== "announce" && turn.kind === "user") {
      await runTurnMemoryFlush({ context, request, tally: owner.tally });
    }
    const active: ActiveRun = {
      item,
      steering: createRunSteering(),
      steerable: item.kind === "announce" || turn.kind === "user",
      steered: new Map(),
    };
    lane.active = active;
    let result: Awaited<ReturnType<typeof runSessionRun>>;
    try {
      result = await runSessionRun(
        world,
        context.main,
        {
          ...request,
          steering: active.steering,
          timeoutMs: settings.runTimeoutMs,
          onSpawned: (child) =>
            startLaneChild(core, lane, { child, trackers: [...item.trackers], request: base, unitSignal }),
        },
        item.runId,
      );
    } finally {
      lane.active = undefined;
    }
    requeueUntaken(core, lane, active);
    for (const tracker of item.trackers) tracker.systemPrompt ??= result.systemPrompt;
    await settleMainRun({
      context,
      request,
      result,
      heartbeat: item.kind !== "announce" && turn.kind !== "user",
      tally: owner.tally,
      joined: item.trackers.filter((tracker) => tracker !== owner).map((tracker) => tracker.tally),
    });
  } finally {
    router.setCurrent(sessionKey, undefined);
    lane.current = undefined;
  }
  for (const tracker of item.trackers) tracker.close();
}

/**
 * Messages steered into a run whose loop stopped before taking them (a run timeout, an
 * interrupt, a final reply racing the message): each gets a follow-up run at the front of the
 * queue, in the order they were steered, so no message is lost.
 */
function requeueUntaken(core: LaneCore, lane: Lane, active: ActiveRun): void {
  const items = active.steering.take().flatMap((message) => {
    const entry = active.steered.get(message);
    if (entry === undefined) return [];
    const [owner, ...others] = entry.trackers as [TurnTracker, ...TurnTracker[]];
    const item = core.newItem(entry.kind === "announce" ? "announce" : "turn", owner, message);
    for (const tracker of others) core.joinItem(item, tracker);
    core.queueEvent(lane, entry.trackers, "queued", owner.turn.index, { runId: item.runId });
    return [item];
  });
  lane.queue.unshift(...items);
}
