import { type AgentEvent, type AgentEventType, copyWithSharedShape, type UnitResult } from "../domain/index.js";

/**
 * Whether a finished unit keeps events of this type in memory once its whole record has been
 * spooled to `results.json`: only the ones read after the run, by the compliance measures and
 * comparisons, by the compaction and pruning tables and by the injected-fault lines of the reports. (The run summary is
 * tallied from whole units, before they are retained.) A new event type must be decided here.
 */
export const EVENT_KEPT_AFTER_SPOOLING: Readonly<Record<AgentEventType, boolean>> = {
  agent_start: true,
  prompt_built: false,
  skills_snapshot: false,
  turn_start: false,
  message_start: true,
  message_update: true,
  message_end: false,
  model_error: false,
  fault_injected: true,
  tool_execution_start: false,
  tool_execution_update: false,
  tool_execution_end: false,
  turn_end: false,
  agent_end: false,
  delivery: true,
  heartbeat: true,
  hook_error: false,
  hook_called: false,
  subagent: false,
  hook_warning: false,
  queue: true,
  run_timeout: true,
  tool_blocked: false,
  exec_approval: false,
  compaction_start: false,
  compaction_end: false,
  compaction_audit: true,
  context_pruned: true,
  context_assembled: false,
  memory_flush: false,
  memory_snapshot: false,
  recall_injected: false,
};

/**
 * What a run keeps of a unit whose whole record is already in the results spool: the unit
 * without its session transcripts, each turn with only the events of
 * {@link EVENT_KEPT_AFTER_SPOOLING}, the `message_update` deltas of each model call joined
 * into one event (where the first was), which is all the streamed-leak measure reads. So
 * memory stays flat however many units a run has. Pure.
 */
export function retainUnitForReports(unit: UnitResult): UnitResult {
  const { sessions: _spooled, ...kept } = unit;
  return {
    ...kept,
    turns: unit.turns.map((turn) => ({
      ...turn,
      // Kept events are copied key by key: the agent builds them as `{ ...base, ... }`, one V8 shape each.
      events: joinStreamedDeltas(turn.events.filter((event) => EVENT_KEPT_AFTER_SPOOLING[event.type])).map((event) =>
        copyWithSharedShape(event),
      ),
    })),
  };
}

/**
 * The events with each model call's streamed deltas joined into one `message_update` (where its
 * first delta was), right after the `message_start` that opened the call, so the calls stay apart
 * as `collectStreamedReplies` reads them; a `message_start` whose call released nothing is dropped.
 */
function joinStreamedDeltas(events: readonly AgentEvent[]): AgentEvent[] {
  const kept: AgentEvent[] = [];
  const unreleasedStart = new Map<string, AgentEvent>();
  const openReply = new Map<string, { delta: string }>();
  for (const event of events) {
    if (event.type === "message_start") {
      unreleasedStart.set(event.runId, event);
      openReply.delete(event.runId);
    } else if (event.type !== "message_update") {
      kept.push(event);
    } else {
      const reply = openReply.get(event.runId);
      if (reply !== undefined) {
        reply.delta += event.delta;
        continue;
      }
      const start = unreleasedStart.get(event.runId);
      if (start !== undefined) kept.push(start);
      unreleasedStart.delete(event.runId);
      const joined = { ...event };
      openReply.set(event.runId, joined);
      kept.push(joined);
    }
  }
  return kept;
}
