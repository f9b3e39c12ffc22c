import {
  type AgentEvent,
  type AgentEventOf,
  type CompactionAudit,
  PRUNE_MECHANISMS,
  type PruneMechanism,
  type UnitResult,
} from "../domain/index.js";

/** One written compaction, as its `compaction_audit` event recorded it. */
export interface CompactionEntry {
  unit: UnitResult;
  /** 0-based turn index. */
  turnIndex: number;
  audit: CompactionAudit;
}

/** One pruning mechanism's work in a unit, summed over its `context_pruned` events. */
export interface PruningCount {
  mechanism: PruneMechanism;
  /** `context_pruned` events (pruning passes). */
  passes: number;
  /** Tool results shortened or removed, summed over the passes (one result may count twice). */
  toolResults: number;
}

export interface UnitPruning {
  unit: UnitResult;
  /** Mechanisms that pruned, in {@link PRUNE_MECHANISMS} order. */
  mechanisms: PruningCount[];
}

function isAudit(event: AgentEvent): event is AgentEventOf<"compaction_audit"> {
  return event.type === "compaction_audit";
}

/** Every audited compaction of the units, in unit, turn and event order. */
export function listCompactions(units: readonly UnitResult[]): CompactionEntry[] {
  return units.flatMap((unit) =>
    unit.turns.flatMap((turn) => turn.events.filter(isAudit).map((audit) => ({ unit, turnIndex: turn.index, audit }))),
  );
}

/** Units with at least one `context_pruned` event, in run order, with counts per mechanism. */
export function listPruning(units: readonly UnitResult[]): UnitPruning[] {
  return units.flatMap((unit) => {
    const counts = new Map<PruneMechanism, PruningCount>();
    for (const turn of unit.turns) {
      for (const event of turn.events) {
        if (event.type !== "context_pruned") continue;
        const count = counts.get(event.mechanism) ?? { mechanism: event.mechanism, passes: 0, toolResults: 0 };
        counts.set(event.mechanism, {
          ...count,
          passes: count.passes + 1,
          toolResults: count.toolResults + event.toolCallIds.length,
        });
      }
    }
    const mechanisms = PRUNE_MECHANISMS.flatMap((mechanism) => counts.get(mechanism) ?? []);
    return mechanisms.length === 0 ? [] : [{ unit, mechanisms }];
  });
}
