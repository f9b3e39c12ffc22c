import type { CompactionComparison, Comparison, ComparisonMean, IdentifierClass } from "../domain/index.js";
import { formatRate } from "./format-rate.js";

/** The explanation every compaction comparison table carries, in one line. */
export const COMPACTION_COMPARISON_NOTE =
  "Identifier preservation and token reduction: mean over units of each unit's mean, with a 95% bootstrap interval over units (a unit counts once however often it compacted). Structure checks: share of compactions passing every check, Wilson 95%.";

/** The explanation of the per-pair preservation test. */
export const COMPACTION_PAIRS_NOTE =
  "Paired sign-flip test on per-unit identifier preservation, over the units both models compacted (ties dropped; exact up to 16 differing units, else 10 000 seeded random flips).";

/** `85.7% [70.1–95.0] n=4`, or `-` when no unit counted. */
export function formatMean(value: ComparisonMean): string {
  if (value.mean === null || value.low === null || value.high === null) return "-";
  const percent = (number: number) => (number * 100).toFixed(1);
  return `${percent(value.mean)}% [${percent(value.low)}–${percent(value.high)}] n=${value.n}`;
}

/** `path 2, url 1` (classes with losses, most first), or `none`. */
function formatLostByClass(lostByClass: Record<IdentifierClass, number>): string {
  const lost = (Object.entries(lostByClass) as [IdentifierClass, number][])
    .filter(([, count]) => count > 0)
    .sort((left, right) => right[1] - left[1]);
  return lost.length === 0 ? "none" : lost.map(([kind, count]) => `${kind} ${count}`).join(", ");
}

/** `+12.5 pts`, `-3.0 pts` or `-` (a difference of rates, in percentage points). */
export function formatPoints(value: number | null): string {
  if (value === null) return "-";
  const points = (value * 100).toFixed(1);
  return `${value > 0 ? "+" : ""}${points} pts`;
}

/** Whether the comparison has a compaction part worth showing: some model's unit compacted. */
export function hasCompactions(comparison: Comparison): boolean {
  return comparison.models.some((entry) => (entry.compaction?.units ?? 0) > 0);
}

/**
 * The per-model compaction table as plain-text cells (callers escape for their format), or
 * `undefined` when no unit compacted (and for results written before compaction was measured).
 */
export function compactionComparisonRows(comparison: Comparison): { header: string[]; rows: string[][] } | undefined {
  if (!hasCompactions(comparison)) return undefined;
  const header = [
    "Model",
    "Units",
    "Compactions",
    "Identifier preservation",
    "Token reduction",
    "Structure checks",
    "Lost identifiers",
  ];
  const rows = comparison.models.flatMap((entry) => {
    const compaction: CompactionComparison | undefined = entry.compaction;
    if (compaction === undefined) return [];
    return [
      [
        entry.model,
        String(compaction.units),
        String(compaction.compactions),
        formatMean(compaction.preservation),
        formatMean(compaction.reduction),
        formatRate(compaction.structure),
        formatLostByClass(compaction.lostByClass),
      ],
    ];
  });
  return { header, rows };
}

/** One row per tested pair: A, B, paired units, mean difference, p-value, test, verdict. */
export function compactionPairRows(comparison: Comparison): { header: string[]; rows: string[][] } {
  const header = ["A", "B", "Paired units", "Mean difference (A − B)", "p-value", "Test", "Verdict"];
  const rows = (hasCompactions(comparison) ? (comparison.compactionPairs ?? []) : []).map((pair) => [
    pair.a,
    pair.b,
    String(pair.n),
    formatPoints(pair.meanDifference),
    pair.pValue.toPrecision(3),
    pair.method,
    pair.verdict,
  ]);
  return { header, rows };
}
