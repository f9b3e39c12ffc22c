import { summarizePreservation } from "../context/summarize-preservation.js";
import type { CompactionAudit } from "../domain/compaction.js";
import type { CompactionComparison } from "../domain/comparison.js";
import { clusterBootstrap } from "./cluster-bootstrap.js";
import { wilsonInterval } from "./wilson-interval.js";

export interface BuildCompactionComparisonOptions {
  /** The audits of each unit, one array per unit; units without audits are left out. */
  units: readonly (readonly CompactionAudit[])[];
  /**
   * Uniform numbers in [0, 1) for both bootstraps (preservation first, then reduction). Seed it
   * from the model id so the same results give the same intervals.
   */
  random: () => number;
}

/** Values of `pick` per unit, `null`s dropped (a unit left with none drops out of the bootstrap). */
function perUnit(
  units: readonly (readonly CompactionAudit[])[],
  pick: (audit: CompactionAudit) => number | null,
): number[][] {
  return units.map((audits) => audits.flatMap((audit) => pick(audit) ?? []));
}

/**
 * One model's compaction figures: units and compactions counted; mean identifier preservation
 * and mean token reduction as means of per-unit means with 95% cluster-bootstrap intervals
 * (2 000 resamples over units, {@link clusterBootstrap}); the share of compactions passing every
 * structural check with a Wilson 95% interval; lost identifiers per class. Pure.
 */
export function buildCompactionComparison(options: BuildCompactionComparisonOptions): CompactionComparison {
  const units = options.units.filter((audits) => audits.length > 0);
  const all = units.flat();
  const summary = summarizePreservation(all);
  const preservation = clusterBootstrap({
    clusters: perUnit(units, (audit) => audit.preservationRate),
    random: options.random,
  });
  const reduction = clusterBootstrap({
    clusters: perUnit(units, (audit) => audit.reductionRatio),
    random: options.random,
  });
  const passed = Math.round((summary.structurePassRate ?? 0) * all.length);
  return {
    units: units.length,
    compactions: all.length,
    preservation,
    reduction,
    structure: wilsonInterval(passed, all.length),
    lostByClass: summary.lostByClass,
  };
}
