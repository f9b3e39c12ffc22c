import { FAULT_KINDS, type FaultKind, type UnitResult } from "../domain/index.js";

/** One `fault_injected` event of a unit. */
export interface UnitInjectedFault {
  /** 0-based turn index. */
  turnIndex: number;
  kind: FaultKind;
  /** 1-based attempt of the model call the fault hit. */
  attempt: number;
}

/** The unit's injected faults from its turns' `fault_injected` events, in event order. */
export function listInjectedFaults(unit: UnitResult): UnitInjectedFault[] {
  const faults: UnitInjectedFault[] = [];
  for (const turn of unit.turns) {
    for (const event of turn.events) {
      if (event.type === "fault_injected")
        faults.push({ turnIndex: turn.index, kind: event.kind, attempt: event.attempt });
    }
  }
  return faults;
}

/** `fault injected: 429 (attempt 1)`. */
export function formatInjectedFault(fault: UnitInjectedFault): string {
  return `fault injected: ${fault.kind} (attempt ${fault.attempt})`;
}

export interface InjectedFaultTotals {
  faults: number;
  /** Units with at least one injected fault. */
  units: number;
  /** Count per kind, in `FAULT_KINDS` order, kinds that occurred only. */
  byKind: { kind: FaultKind; count: number }[];
}

/** Totals of the units' injected faults. */
export function totalInjectedFaults(units: readonly UnitResult[]): InjectedFaultTotals {
  const counts = new Map<FaultKind, number>();
  let faulted = 0;
  for (const unit of units) {
    const faults = listInjectedFaults(unit);
    if (faults.length > 0) faulted += 1;
    for (const fault of faults) counts.set(fault.kind, (counts.get(fault.kind) ?? 0) + 1);
  }
  const byKind = FAULT_KINDS.flatMap((kind) => {
    const count = counts.get(kind);
    return count === undefined ? [] : [{ kind, count }];
  });
  return { faults: byKind.reduce((sum, entry) => sum + entry.count, 0), units: faulted, byKind };
}

/** `5 faults injected in 3 units (429 ×2, timeout ×3)`. */
export function formatInjectedFaultTotals(totals: InjectedFaultTotals): string {
  const kinds = totals.byKind.map((entry) => `${entry.kind} ×${entry.count}`).join(", ");
  const faults = totals.faults === 1 ? "fault" : "faults";
  const units = totals.units === 1 ? "unit" : "units";
  return `${totals.faults} ${faults} injected in ${totals.units} ${units} (${kinds})`;
}
