import type { UnitMemoryMeasures, UnitResult } from "../domain/index.js";

/** One unit's memory measures. */
export interface MemoryMeasureEntry {
  unit: UnitResult;
  memory: UnitMemoryMeasures;
}

/** The memory measures of a run, summed over its units. */
export interface MemoryMeasureTotals {
  citations: { valid: number; checked: number };
  index: { consistent: number; audited: number };
  flush: { compliant: number; turns: number };
}

/** The units that have a `memory` record, in run order. */
export function listMemoryMeasures(units: readonly UnitResult[]): MemoryMeasureEntry[] {
  return units.flatMap((unit) => (unit.memory === undefined ? [] : [{ unit, memory: unit.memory }]));
}

/** Valid citations, consistent indexes and compliant flush runs, summed over `entries`. */
export function totalMemoryMeasures(entries: readonly MemoryMeasureEntry[]): MemoryMeasureTotals {
  const totals: MemoryMeasureTotals = {
    citations: { valid: 0, checked: 0 },
    index: { consistent: 0, audited: 0 },
    flush: { compliant: 0, turns: 0 },
  };
  for (const { memory } of entries) {
    totals.citations.valid += memory.citations?.valid ?? 0;
    totals.citations.checked += memory.citations?.checked ?? 0;
    totals.index.audited += memory.index === undefined ? 0 : 1;
    totals.index.consistent += memory.index?.ok === true ? 1 : 0;
    totals.flush.compliant += memory.flush?.compliant ?? 0;
    totals.flush.turns += memory.flush?.turns ?? 0;
  }
  return totals;
}

/** `citations valid 5/6, index consistent 2/2 units, flush compliance 1/1 turns`. */
export function formatMemoryTotals(totals: MemoryMeasureTotals): string {
  const { citations, index, flush } = totals;
  return [
    `citations valid ${citations.valid}/${citations.checked}`,
    `index consistent ${index.consistent}/${index.audited} units`,
    `flush compliance ${flush.compliant}/${flush.turns} turns`,
  ].join(", ");
}

/** The per-unit table's headings; cells come from {@link memoryMeasureCells}. */
export const MEMORY_MEASURE_HEADINGS = ["Unit", "Citations valid", "Index", "Flush compliant"] as const;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Unit id, `5/6` citations, `consistent` or `2 problems`, `1/1` flush runs; `-` for what was not measured. */
export function memoryMeasureCells(entry: MemoryMeasureEntry): string[] {
  const { citations, index, flush } = entry.memory;
  return [
    entry.unit.unitId,
    citations === undefined ? "-" : `${citations.valid}/${citations.checked}`,
    index === undefined ? "-" : index.ok ? "consistent" : plural(index.problems.length, "problem"),
    flush === undefined ? "-" : `${flush.compliant}/${flush.turns}`,
  ];
}

/**
 * Every problem the unit's measures found, one line each: invalid citations (`turn 1, reply:
 * memory/a.md#L9: line 9 is past …`), index problems, then broken flush rules (`turn 2 flush:
 * …`). Turn numbers are 1-based.
 */
export function memoryProblemLines(memory: UnitMemoryMeasures): string[] {
  const citations = (memory.citations?.invalid ?? []).map(
    (invalid) => `turn ${invalid.turnIndex + 1}, ${invalid.source}: ${invalid.citation}: ${invalid.reason}`,
  );
  const index = (memory.index?.problems ?? []).map((problem) => `index: ${problem.message}`);
  const flush = (memory.flush?.flushes ?? []).flatMap((turn) =>
    turn.problems.map((problem) => `turn ${turn.turnIndex + 1} flush: ${problem}`),
  );
  return [...citations, ...index, ...flush];
}
