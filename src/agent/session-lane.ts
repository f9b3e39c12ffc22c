import type { QueueAction, UserMessage } from "../domain/index.js";
import type { EventRouter } from "./create-event-router.js";
import type { RunSteering } from "./create-run-steering.js";
import type { Slots } from "./create-slots.js";
import type { TurnTracker } from "./create-turn-tracker.js";
import type { MainTurnContext } from "./main-turn-context.js";
import type { LaneSettings } from "./read-lane-settings.js";
import type { SessionRunWorld } from "./session-run-types.js";

/** Work waiting on, or running in, a session lane: one run and the messages it carries. */
export interface LaneItem {
  kind: "turn" | "collect" | "announce";
  /** The turn whose script, approvals and tally the run uses (the first message it carries). */
  owner: TurnTracker;
  /** Every message the run carries, the owner first; steered messages join while it runs. */
  trackers: TurnTracker[];
  /** Collected texts in arrival order (`collect`). */
  texts: string[];
  /** Lines kept for messages dropped over the cap (`summarize`). */
  dropped: string[];
  input: UserMessage;
  runId: string;
  /** Aborts the item's run alone (an interrupt). */
  controller: AbortController;
  /** When the last message joined (collect debounce). */
  lastAddedAt: number;
  /** Resolves when the item's run has settled. */
  done: Promise<void>;
  finished: () => void;
}

/** The run in flight on a lane. */
export interface ActiveRun {
  item: LaneItem;
  steering: RunSteering;
  /** Only runs answering people take steering: a heartbeat or system-event run does not. */
  steerable: boolean;
  /** Who each steered message belongs to, so a message the loop never took still gets a run. */
  steered: Map<UserMessage, { kind: LaneItem["kind"]; trackers: readonly TurnTracker[] }>;
}

/** One session's lane (spec/loop.md §1): one run at a time, and the messages waiting for it. */
export interface Lane {
  context: MainTurnContext;
  queue: LaneItem[];
  active: ActiveRun | undefined;
  /** The item being worked on (its run, memory flush or command, and settlement). */
  current: LaneItem | undefined;
  /** Lines of messages dropped under `summarize` that wait for the next collected run. */
  dropped: string[];
  draining: boolean;
}

/** Extra fields of a `queue` event. */
export interface QueueEventExtra {
  /** The event's run id; default the lane's active run. */
  runId?: string;
  targetRunId?: string;
  turnIndexes?: number[];
}

/** What the lane steps of one unit's gateway share. */
export interface LaneCore {
  readonly world: SessionRunWorld;
  readonly router: EventRouter;
  readonly settings: LaneSettings;
  readonly subagentSlots: Slots;
  /** A new item owned by `owner` (whose message it carries first). */
  newItem(kind: LaneItem["kind"], owner: TurnTracker, input: UserMessage, runId?: string): LaneItem;
  /** `tracker`'s message rides on `item`'s run from now on. */
  joinItem(item: LaneItem, tracker: TurnTracker): void;
  /** Records a `queue` event for `trackers`. */
  queueEvent(
    lane: Lane,
    trackers: readonly TurnTracker[],
    action: QueueAction,
    turnIndex: number,
    extra?: QueueEventExtra,
  ): void;
  /** Works through the lane's queue as one activity of the unit, unless that is under way already. */
  startDrain(lane: Lane, signal: AbortSignal | undefined): void;
}
