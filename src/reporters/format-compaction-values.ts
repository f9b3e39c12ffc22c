import { summarizePreservation } from "../context/summarize-preservation.js";
import type { CompactionAudit, CompactionStructureChecks, UnitResult } from "../domain/index.js";
import { describeLostIdentifiers } from "../expectations/describe-compactions.js";
import { type CompactionEntry, listCompactions, type PruningCount } from "./list-compactions.js";

/** What each structural check asks, for people reading a report. */
const STRUCTURE_CHECK_LABELS: Readonly<Record<keyof CompactionStructureChecks, string>> = {
  headings: "summary headings",
  summaryWithinCap: "summary ≤ 16 000 chars",
  fileOpsWithinCap: "file operations ≤ 2 000 chars",
  latestAskReflected: "latest ask reflected",
  withinTimeout: "within timeout",
};

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** `86% (6/7)`, or `n/a` when the removed messages had no identifier. */
export function formatAuditPreservation(audit: CompactionAudit): string {
  if (audit.preservationRate === null) return "n/a";
  return `${percent(audit.preservationRate)} (${audit.identifiersKept}/${audit.identifiersBefore})`;
}

/** `88.6%`, or `-` when there were no tokens before. */
export function formatReduction(ratio: number | null): string {
  return ratio === null ? "-" : `${(ratio * 100).toFixed(1)}%`;
}

/** `quoted: "blue-green"; number-unit: "30 s"`, or `none`. */
export function formatLostIdentifiers(audit: CompactionAudit): string {
  return audit.lost.length === 0 ? "none" : describeLostIdentifiers(audit.lost);
}

/** The failed structural checks, readable (`summary headings, within timeout`), or `-` when all passed. */
export function formatFailedChecks(audit: CompactionAudit): string {
  const failed = (Object.keys(STRUCTURE_CHECK_LABELS) as (keyof CompactionStructureChecks)[]).filter(
    (check) => !audit.structure[check],
  );
  return failed.length === 0 ? "-" : failed.map((check) => STRUCTURE_CHECK_LABELS[check]).join(", ");
}

/** `guard-truncate: 3 tool results in 2 passes`. */
export function formatPruningCount(count: PruningCount): string {
  const results = `${count.toolResults} tool result${count.toolResults === 1 ? "" : "s"}`;
  return `${count.mechanism}: ${results} in ${count.passes} pass${count.passes === 1 ? "" : "es"}`;
}

/** Column headings of the compaction listing (markdown and HTML). */
export const COMPACTION_HEADINGS = [
  "Unit",
  "Turn",
  "Trigger",
  "Identifiers before → kept",
  "Preservation",
  "Lost identifiers",
  "Tokens before → after",
  "Reduction",
  "Failed checks",
];

/** The index of "Lost identifiers" in {@link COMPACTION_HEADINGS} (HTML lists them instead). */
export const LOST_COLUMN = 5;

/** The plain-text cells of one compaction, in {@link COMPACTION_HEADINGS} order. */
export function compactionCells(entry: CompactionEntry): string[] {
  const { audit } = entry;
  return [
    entry.unit.unitId,
    String(entry.turnIndex + 1),
    audit.trigger,
    `${audit.identifiersBefore} → ${audit.identifiersKept}`,
    formatAuditPreservation(audit),
    formatLostIdentifiers(audit),
    `${audit.tokensBefore} → ${audit.tokensAfter}`,
    formatReduction(audit.reductionRatio),
    formatFailedChecks(audit),
  ];
}

/**
 * The preservation cell of a group of units: the mean over the units that compacted of each
 * unit's mean identifier preservation (every unit weighs once), then the identifiers kept and
 * found summed over their compactions: `86% (6/7)`. `n/a` when no removed message had an
 * identifier; empty when no unit compacted.
 */
export function formatUnitsPreservation(units: readonly UnitResult[]): string {
  const compactions = listCompactions(units);
  if (compactions.length === 0) return "";
  const byUnit = new Map<UnitResult, CompactionAudit[]>();
  for (const { unit, audit } of compactions) byUnit.set(unit, [...(byUnit.get(unit) ?? []), audit]);
  const rates = [...byUnit.values()].flatMap((audits) => summarizePreservation(audits).meanRate ?? []);
  if (rates.length === 0) return "n/a";
  const measured = compactions.filter(({ audit }) => audit.preservationRate !== null);
  const kept = measured.reduce((sum, { audit }) => sum + audit.identifiersKept, 0);
  const before = measured.reduce((sum, { audit }) => sum + audit.identifiersBefore, 0);
  const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
  return `${percent(mean)} (${kept}/${before})`;
}
