import { measureFlushCompliance } from "../agent/measure-flush-compliance.js";
import type { AgentEvent, UnitMemoryMeasures } from "../domain/index.js";
import type { MemoryIndexAuditResult } from "../memory/audit-memory-index.js";
import { collectMemoryCitations } from "../memory/collect-memory-citations.js";
import { measureCitationValidity } from "../memory/measure-citation-validity.js";
import { isMemoryNotePath, normaliseCitationPath } from "../memory/parse-memory-citations.js";

/** A unit's turns as the measures read them: index and events, in order. */
type UnitTurns = readonly { index: number; events: readonly AgentEvent[] }[];

/**
 * Whether the unit produced a memory citation of a default memory file or from a search or
 * recall: then its index is worth opening for the audit even if the unit never used it. Pure.
 */
export function citesMemory(turns: UnitTurns): boolean {
  return collectMemoryCitations({ turns, isMemoryPath: isMemoryNotePath }).length > 0;
}

export interface BuildUnitMemoryMeasuresOptions {
  turns: UnitTurns;
  /** The session's memory audit at the end of the unit; `undefined` when no index was opened. */
  audit: MemoryIndexAuditResult | undefined;
}

/**
 * A unit's memory measures (pure): citation validity of every memory citation it produced,
 * checked against the notes the audit read (a citation in assistant text counts when it names a
 * default memory file or an indexed note); the index audit; flush compliance of its flush runs.
 * Each part only when there was something to measure; `undefined` when there was nothing.
 */
export function buildUnitMemoryMeasures(options: BuildUnitMemoryMeasuresOptions): UnitMemoryMeasures | undefined {
  const notes = options.audit?.notes ?? [];
  const indexed = new Set(notes.map((note) => normaliseCitationPath(note.path)));
  const citations = collectMemoryCitations({
    turns: options.turns,
    isMemoryPath: (path) => isMemoryNotePath(path) || indexed.has(normaliseCitationPath(path)),
  });
  const flush = measureFlushCompliance(options.turns);
  const measures: UnitMemoryMeasures = {
    ...(citations.length === 0 ? {} : { citations: measureCitationValidity({ citations, notes }) }),
    ...(options.audit === undefined ? {} : { index: options.audit.audit }),
    ...(flush === undefined ? {} : { flush }),
  };
  return Object.keys(measures).length === 0 ? undefined : measures;
}
