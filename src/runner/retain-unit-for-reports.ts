import type { AgentEventType, UnitResult } from "../domain/index.js";

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
  message_start: false,
  message_update: false,
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
 * {@link EVENT_KEPT_AFTER_SPOOLING}. So memory stays flat however many units a run has. Pure.
 */
export function retainUnitForReports(unit: UnitResult): UnitResult {
  const { sessions: _spooled, ...kept } = unit;
  return {
    ...kept,
    turns: unit.turns.map((turn) => ({
      ...turn,
      events: turn.events.filter((event) => EVENT_KEPT_AFTER_SPOOLING[event.type]),
    })),
  };
}
