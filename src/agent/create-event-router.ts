import type { AgentEvent, EventSink } from "../domain/index.js";
import type { TurnTracker } from "./create-turn-tracker.js";

/**
 * Sends each event of a unit to the turns whose messages the emitting run carries, and always
 * on to the unit's own sink. A run is found by its id; a child session's runs by the child's
 * session key; other runs of a session (a memory flush, a compaction) by the turns the session
 * is working for right now.
 */
export interface EventRouter {
  readonly emit: EventSink;
  /** Events of run `runId` go to `tracker` from now on. */
  attachRun(runId: string, tracker: TurnTracker): void;
  /** Events of session `sessionKey` without an attached run go to `tracker`. */
  attachSession(sessionKey: string, tracker: TurnTracker): void;
  /** The turns a session is working for right now (`undefined`: none). */
  setCurrent(sessionKey: string, trackers: readonly TurnTracker[] | undefined): void;
  /** Records an event for `trackers` only (and the unit's sink), e.g. a queue decision. */
  emitTo(trackers: readonly TurnTracker[], event: AgentEvent): void;
}

export function createEventRouter(sink: EventSink): EventRouter {
  const runs = new Map<string, Set<TurnTracker>>();
  const sessions = new Map<string, Set<TurnTracker>>();
  const current = new Map<string, readonly TurnTracker[]>();
  const add = (map: Map<string, Set<TurnTracker>>, key: string, tracker: TurnTracker) => {
    const set = map.get(key) ?? new Set<TurnTracker>();
    set.add(tracker);
    map.set(key, set);
  };
  const record = (trackers: Iterable<TurnTracker>, event: AgentEvent) => {
    for (const tracker of trackers) if (!tracker.done) tracker.events.push(event);
  };
  return {
    emit(event) {
      const trackers = runs.get(event.runId) ?? sessions.get(event.sessionKey) ?? current.get(event.sessionKey);
      if (trackers !== undefined) record(trackers, event);
      sink(event);
    },
    attachRun: (runId, tracker) => add(runs, runId, tracker),
    attachSession: (sessionKey, tracker) => add(sessions, sessionKey, tracker),
    setCurrent(sessionKey, trackers) {
      if (trackers === undefined) current.delete(sessionKey);
      else current.set(sessionKey, trackers);
    },
    emitTo(trackers, event) {
      record(trackers, event);
      sink(event);
    },
  };
}
