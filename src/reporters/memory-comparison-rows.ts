import type { Comparison, MemoryCheckType } from "../domain/index.js";
import { MEMORY_CHECK_TYPES } from "../stats/index.js";
import { formatRate } from "./format-rate.js";

/** The heading of each memory check type's column. */
const MEMORY_CHECK_TITLES: Record<MemoryCheckType, string> = {
  "memory-top-hit": "Top hit",
  "memory-cited": "Cited",
  "memory-written": "Written",
  "memory-recalled": "Recalled",
};

/** The explanation every memory comparison table carries, in one line. */
export const MEMORY_COMPARISON_NOTE =
  "Per memory check: share of those checks that passed over the units with a verdict, Wilson 95%; n = number of checks. Top hit: the memory search ranked the expected note high enough. Cited: the reply cited a note the search returned. Written: the expected note was written. Recalled: passive recall injected notes as expected.";

/** Whether the comparison has a memory part worth showing: some model's unit had a memory check. */
export function hasMemoryChecks(comparison: Comparison): boolean {
  return comparison.models.some((entry) => (entry.memory?.units ?? 0) > 0);
}

/**
 * The per-model memory table as plain-text cells (callers escape for their format): model,
 * units, one Wilson-interval cell per check type; `undefined` when no unit had a memory check
 * (and for results written before memory checks were compared).
 */
export function memoryComparisonRows(comparison: Comparison): { header: string[]; rows: string[][] } | undefined {
  if (!hasMemoryChecks(comparison)) return undefined;
  const header = ["Model", "Units", ...MEMORY_CHECK_TYPES.map((type) => MEMORY_CHECK_TITLES[type])];
  const rows = comparison.models.flatMap((entry) => {
    const memory = entry.memory;
    if (memory === undefined) return [];
    return [[entry.model, String(memory.units), ...MEMORY_CHECK_TYPES.map((type) => formatRate(memory.checks[type]))]];
  });
  return { header, rows };
}

/** The explanation every memory measures table carries, in one line. */
export const MEMORY_MEASURES_NOTE =
  "Per memory measure: share over the units with a verdict, Wilson 95%. Citations valid: a memory citation names an indexed note, lines that exist, and lines holding its snippet (n = citations). Index consistent: the unit's index matched the notes at its end (n = units audited). Flush compliant: a memory flush only created or appended to today's note, replied NO_REPLY, and was the only one in its compaction cycle (n = flush runs).";

/**
 * The per-model memory measures table as plain-text cells (callers escape for their format):
 * model, units with a `memory` record, then citation validity, index consistency and flush
 * compliance with Wilson intervals; `undefined` when no compared unit has a record (and for
 * results written before the measures were compared).
 */
export function memoryMeasureRows(comparison: Comparison): { header: string[]; rows: string[][] } | undefined {
  if (!comparison.models.some((entry) => (entry.memory?.measures?.units ?? 0) > 0)) return undefined;
  const header = ["Model", "Units", "Citations valid", "Index consistent", "Flush compliant"];
  const rows = comparison.models.flatMap((entry) => {
    const measures = entry.memory?.measures;
    if (measures === undefined) return [];
    return [
      [
        entry.model,
        String(measures.units),
        formatRate(measures.citations),
        formatRate(measures.index),
        formatRate(measures.flush),
      ],
    ];
  });
  return { header, rows };
}
