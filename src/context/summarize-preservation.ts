import type { CompactionAudit, IdentifierClass } from "../domain/index.js";

/** The figures a report shows for many compactions (context.md §8.1–§8.3). */
export interface PreservationSummary {
  compactions: number;
  /** Mean identifier preservation rate over the audits that had identifiers; `null` when none had. */
  meanRate: number | null;
  /** Identifiers lost, summed over all audits, per class (every class present, 0 when none). */
  lostByClass: Record<IdentifierClass, number>;
  /** Mean token reduction ratio over the audits that have one; `null` when none has. */
  meanReduction: number | null;
  /** Share of audits that passed every structural check; `null` with no audits. */
  structurePassRate: number | null;
}

function emptyLostByClass(): Record<IdentifierClass, number> {
  return { url: 0, uuid: 0, hex: 0, path: 0, host: 0, "number-unit": 0, "long-number": 0, quoted: 0 };
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function passesStructure(audit: CompactionAudit): boolean {
  return Object.values(audit.structure).every(Boolean);
}

/**
 * Aggregates compaction audits into report figures: how many, the mean preservation rate and
 * mean reduction (each skipping `null` values, so n/a rates never count as 1 or 0), lost
 * identifiers per class, and the share of audits passing all structural checks. Pure.
 */
export function summarizePreservation(audits: readonly CompactionAudit[]): PreservationSummary {
  const lostByClass = emptyLostByClass();
  for (const audit of audits) for (const identifier of audit.lost) lostByClass[identifier.kind] += 1;
  const rates = audits.flatMap((audit) => (audit.preservationRate === null ? [] : [audit.preservationRate]));
  const reductions = audits.flatMap((audit) => (audit.reductionRatio === null ? [] : [audit.reductionRatio]));
  return {
    compactions: audits.length,
    meanRate: mean(rates),
    lostByClass,
    meanReduction: mean(reductions),
    structurePassRate: audits.length === 0 ? null : audits.filter(passesStructure).length / audits.length,
  };
}
