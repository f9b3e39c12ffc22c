import type { EventRouter } from "./create-event-router.js";
import { createSlots } from "./create-slots.js";
import type { LaneSettings } from "./read-lane-settings.js";
import { runLaneItem } from "./run-lane-item.js";
import type { Lane, LaneCore, LaneItem } from "./session-lane.js";
import type { SessionRunWorld } from "./session-run-types.js";

/**
 * The shared steps of a unit's lanes: making and joining items, `queue` events, and draining a
 * lane's queue one item at a time (a collected batch first waits for `debounceMs` without a new
 * message; runs of main-type sessions share the `main` lane's concurrency).
 */
export function createLaneCore(options: {
  world: SessionRunWorld;
  router: EventRouter;
  settings: LaneSettings;
}): LaneCore {
  const { world, router, settings } = options;
  const mainSlots = createSlots(settings.mainConcurrency);
  const drain = async (lane: Lane, signal: AbortSignal | undefined): Promise<void> => {
    if (lane.draining) return;
    lane.draining = true;
    try {
      for (let item = lane.queue[0]; item !== undefined; item = lane.queue[0]) {
        if (item.kind === "collect") {
          // A batch waits until no message has joined it for `debounceMs` (spec/loop.md §1).
          for (;;) {
            const due = item.lastAddedAt + settings.queue.debounceMs;
            const now = world.runtime.now();
            if (now >= due || signal?.aborted === true) break;
            await world.runtime.sleep(due - now, signal);
          }
        }
        lane.queue.shift();
        const release = await world.runtime.wait(mainSlots.acquire());
        try {
          await runLaneItem(core, lane, item, signal);
        } catch (error) {
          for (const tracker of item.trackers) tracker.fail(error);
        } finally {
          release();
          item.finished();
        }
      }
    } finally {
      lane.draining = false;
    }
  };
  const core: LaneCore = {
    world,
    router,
    settings,
    subagentSlots: createSlots(settings.subagentConcurrency),
    newItem(kind, owner, input, runId = world.runtime.newId("run")): LaneItem {
      let finished!: () => void;
      const done = new Promise<void>((resolve) => {
        finished = resolve;
      });
      owner.open();
      return {
        kind,
        owner,
        trackers: [owner],
        texts: [input.content],
        dropped: [],
        input,
        runId,
        controller: new AbortController(),
        lastAddedAt: world.runtime.now(),
        done,
        finished,
      };
    },
    joinItem(item, tracker) {
      if (item.trackers.includes(tracker)) return;
      tracker.open();
      item.trackers.push(tracker);
      router.attachRun(item.runId, tracker);
    },
    queueEvent(lane, trackers, action, turnIndex, extra = {}) {
      const { runId, ...rest } = extra;
      router.emitTo(trackers, {
        runId: runId ?? lane.active?.item.runId ?? "queue",
        sessionKey: lane.context.main.key,
        type: "queue",
        action,
        mode: settings.queue.mode,
        turnIndex,
        ...rest,
      });
    },
    startDrain(lane, signal) {
      if (lane.draining) return;
      void world.runtime.activity(() => drain(lane, signal));
    },
  };
  return core;
}
