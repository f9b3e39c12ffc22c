import type { UserMessage } from "../domain/index.js";
import { buildAnnounceMessage, shouldAnnounce } from "./build-announce-message.js";
import { type PendingSubagent, subagentHookInfo } from "./create-subagent-spawner.js";
import type { TurnTracker } from "./create-turn-tracker.js";
import type { Lane, LaneCore } from "./session-lane.js";
import type { SessionRunRequest } from "./session-run-types.js";
import { runChild } from "./settle-subagents.js";

export interface LaneChild {
  child: PendingSubagent;
  /** The turns whose run spawned it: they settle only once the child is done and announced. */
  trackers: readonly TurnTracker[];
  /** The spawning run's request (turn, approvals); the child gets the unit's signal, not the run's. */
  request: Omit<SessionRunRequest, "input">;
  unitSignal: AbortSignal | undefined;
}

/**
 * A child accepted by a run of `lane` (spec/loop.md §6.2–6.3): starts at once as an activity on
 * the `subagent` lane and runs alongside its parent, taking its first step at the next point the
 * parent waits on the clock. When it ends: `subagent ended`, then, unless its reply is
 * `ANNOUNCE_SKIP` or `NO_REPLY`, the announcement, steered into the requester's run while its
 * loop is open, else answered in a run of its own (`subagent announced` names the run either
 * way), then `subagent_ended`.
 */
export function startLaneChild(core: LaneCore, lane: Lane, spawn: LaneChild): void {
  const { world, router } = core;
  const { child, trackers, unitSignal } = spawn;
  const requester = lane.context.main;
  for (const tracker of trackers) {
    tracker.open();
    router.attachRun(child.runId, tracker);
    router.attachSession(child.childSessionKey, tracker);
  }
  const owner = trackers[0] as TurnTracker;
  const announced = (runId: string) =>
    world.emit({
      runId,
      sessionKey: requester.key,
      type: "subagent",
      phase: "announced",
      childSessionKey: child.childSessionKey,
    });
  const work = async (): Promise<void> => {
    // The child starts once its parent waits on the clock or has ended: never mid-step.
    await world.runtime.sleep(0, unitSignal);
    if (isAborted(unitSignal)) return;
    const release = await world.runtime.wait(core.subagentSlots.acquire());
    let completion: Awaited<ReturnType<typeof runChild>>;
    try {
      completion = await runChild(
        {
          world,
          request: { ...spawn.request, signal: unitSignal },
          onChildRun: (result) => owner.tally.addChildRun(result),
        },
        requester,
        child,
      );
    } finally {
      release();
    }
    world.emit({
      runId: child.runId,
      sessionKey: requester.key,
      type: "subagent",
      phase: "ended",
      childSessionKey: child.childSessionKey,
      status: completion.status,
    });
    const ended = () =>
      requester.lifecycle.hooksFor({ runId: child.runId, sessionKey: requester.key }).fire("subagent_ended", {
        ...subagentHookInfo(child),
        outcome: completion.status === "unknown" ? "killed" : completion.status,
        ...(completion.error === undefined ? {} : { error: completion.error }),
      });
    if (!shouldAnnounce(completion.result) || isAborted(unitSignal)) {
      await ended();
      return;
    }
    const announce: UserMessage = {
      role: "user",
      content: buildAnnounceMessage(completion, requester.depth > 0),
      kind: "user",
    };
    const active = lane.active;
    if (active?.steerable === true && active.steering.steer(announce)) {
      // Steered into the parent's running loop (spec/loop.md §6.3).
      active.steered.set(announce, { kind: "announce", trackers });
      for (const tracker of trackers) core.joinItem(active.item, tracker);
      announced(active.item.runId);
      await ended();
      return;
    }
    const item = core.newItem("announce", owner, announce);
    for (const tracker of trackers.slice(1)) core.joinItem(item, tracker);
    lane.queue.push(item);
    core.startDrain(lane, unitSignal);
    await world.runtime.wait(item.done);
    announced(item.runId);
    await ended();
  };
  void world.runtime.activity(work).then(
    () => {
      for (const tracker of trackers) tracker.close();
    },
    (error: unknown) => {
      for (const tracker of trackers) tracker.fail(error);
    },
  );
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
