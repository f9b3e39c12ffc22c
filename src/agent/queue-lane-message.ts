import type { UserMessage } from "../domain/index.js";
import { RunAbortError } from "../domain/index.js";
import type { TurnTracker } from "./create-turn-tracker.js";
import type { QueueDecision } from "./decide-queueing.js";
import type { ActiveRun, Lane, LaneCore } from "./session-lane.js";

/** A message that reached a lane, with the queue decision for it. */
export interface LaneMessage {
  tracker: TurnTracker;
  input: UserMessage;
  /** The turn's own run id (`message_received` used it; its run uses it). */
  runId: string;
  decision: QueueDecision;
}

type Apply = (core: LaneCore, lane: Lane, message: LaneMessage) => void;

const APPLY: Record<QueueDecision, Apply> = {
  run: (core, lane, { tracker, input, runId }) => {
    lane.queue.push(core.newItem("turn", tracker, input, runId));
  },
  queue: (core, lane, message) => queueFollowUp(core, lane, message),
  collect: (core, lane, { tracker, input, runId }) => {
    if (!makeRoom(core, lane, tracker)) return;
    const tail = lane.queue[lane.queue.length - 1];
    if (tail?.kind === "collect") {
      core.joinItem(tail, tracker);
      tail.texts.push(input.content);
      tail.lastAddedAt = core.world.runtime.now();
    } else {
      lane.queue.push(core.newItem("collect", tracker, input, runId));
    }
    core.queueEvent(lane, [tracker], "collected", tracker.turn.index);
  },
  steer: (core, lane, message) => steer(core, lane, message),
  "steer-and-queue": (core, lane, message) => {
    steer(core, lane, message);
    queueFollowUp(core, lane, message);
  },
  interrupt: (core, lane, { tracker, input, runId }) => {
    const active = lane.active as ActiveRun;
    core.queueEvent(lane, [tracker, active.item.owner], "interrupted", tracker.turn.index, {
      targetRunId: active.item.runId,
    });
    active.item.controller.abort(
      new RunAbortError("interrupted by a newer message (messages.queue.mode interrupt)", "interrupt"),
    );
    lane.queue.unshift(core.newItem("turn", tracker, input, runId));
  },
};

/**
 * Puts a message on its lane as `decideQueueing` decided (spec/loop.md §1): a run now, a
 * follow-up run, a collected batch, steered into the running loop (with a follow-up for
 * `steer-backlog`), or an interrupt of the running run. Each decision is a `queue` event.
 */
export function queueLaneMessage(core: LaneCore, lane: Lane, message: LaneMessage): void {
  APPLY[message.decision](core, lane, message);
}

function queueFollowUp(core: LaneCore, lane: Lane, { tracker, input, runId }: LaneMessage): void {
  if (!makeRoom(core, lane, tracker)) return;
  lane.queue.push(core.newItem("turn", tracker, input, runId));
  core.queueEvent(lane, [tracker], "queued", tracker.turn.index);
}

function steer(core: LaneCore, lane: Lane, { tracker, input }: LaneMessage): void {
  const active = lane.active as ActiveRun;
  active.steering.steer(input);
  active.steered.set(input, { kind: "turn", trackers: [tracker] });
  core.joinItem(active.item, tracker);
  core.queueEvent(lane, [tracker], "steered", tracker.turn.index, { targetRunId: active.item.runId });
}

/**
 * Keeps a lane's waiting messages under `messages.queue.cap`: with a full queue, `new` drops
 * the arriving message (false), `old` drops the oldest waiting one, `summarize` drops it but
 * keeps a line of it for the next collected run. Announcements waiting for a run are never
 * dropped.
 */
function makeRoom(core: LaneCore, lane: Lane, tracker: TurnTracker): boolean {
  const { settings } = core;
  const messages = lane.queue.filter((item) => item.kind !== "announce");
  const waiting = messages.reduce((count, item) => count + item.trackers.length, 0);
  if (waiting < settings.queue.cap) return true;
  if (settings.queue.drop === "new") {
    dropMessage(core, lane, tracker, "dropped");
    return false;
  }
  const oldest = messages[0];
  const victim = oldest?.trackers.shift();
  if (oldest === undefined || victim === undefined) return true;
  const text = oldest.texts.shift() ?? victim.input;
  if (oldest.trackers.length === 0) lane.queue.splice(lane.queue.indexOf(oldest), 1);
  else oldest.owner = oldest.trackers[0] as TurnTracker;
  if (settings.queue.drop === "summarize") {
    const target = lane.queue.find((item) => item.kind === "collect");
    // No batch waits yet: the line goes to the next one.
    if (target === undefined) lane.dropped.push(text);
    else target.dropped.push(text);
  }
  dropMessage(core, lane, victim, settings.queue.drop === "summarize" ? "summarized" : "dropped");
  return true;
}

/** The message ends here: a `queue` event says why, and its turn settles with nothing delivered. */
function dropMessage(core: LaneCore, lane: Lane, tracker: TurnTracker, action: "dropped" | "summarized"): void {
  core.queueEvent(lane, [tracker], action, tracker.turn.index);
  tracker.finish({ input: tracker.input, systemPrompt: "", ...tracker.tally.result() });
}
