import type { UnitResult } from "../domain/index.js";

/** A scenario case on one model whose repeats disagree. */
export interface FlakyUnit {
  scenarioId: string;
  model: string;
  /** Repeats that passed. */
  passed: number;
  /** Repeats that reached a verdict (passed, failed or errored). */
  decided: number;
  unitIds: string[];
}

/**
 * Scenario + model pairs with at least one passed and one failed or errored repeat, in the
 * order their first unit appears. Interrupted and skipped repeats are ignored.
 */
export function findFlakyUnits(units: readonly UnitResult[]): FlakyUnit[] {
  const groups = new Map<string, FlakyUnit>();
  for (const unit of units) {
    if (unit.status === "interrupted" || unit.status === "skipped") continue;
    const key = `${unit.scenarioId}\u0000${unit.model}`;
    const group = groups.get(key) ?? {
      scenarioId: unit.scenarioId,
      model: unit.model,
      passed: 0,
      decided: 0,
      unitIds: [],
    };
    group.decided += 1;
    if (unit.status === "passed") group.passed += 1;
    group.unitIds.push(unit.unitId);
    groups.set(key, group);
  }
  return [...groups.values()].filter((group) => group.passed > 0 && group.passed < group.decided);
}
