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
