import type { UnitResult } from "../domain/index.js";
import { COMPACTION_HEADINGS, compactionCells, formatPruningCount, LOST_COLUMN } from "./format-compaction-values.js";
import { truncateText } from "./format-values.js";
import { listCompactions, listPruning } from "./list-compactions.js";
import { code, escapeTableCell } from "./markdown-text.js";

/** Compactions and pruned units listed in full; the rest are counted (GitHub caps a step summary at 1 MiB). */
const MAX_ROWS = 200;
const LOST_LIMITS = { maxChars: 400, maxLines: 1 };

function more(count: number, what: string): string[] {
  return count > MAX_ROWS
    ? [`… and ${count - MAX_ROWS} more ${what} (all are in results.json and index.html).`, ""]
    : [];
}

/**
 * The "Compactions" section of `summary.md`: one table row per audited compaction (unit, turn,
 * trigger, identifiers before → kept, preservation, lost identifiers by class, tokens before →
 * after, reduction, failed structural checks), then one line per unit naming the context
 * pruning mechanisms that shortened or removed its tool results. No lines when no unit
 * compacted or pruned. Rendered from the units' events alone.
 */
export function renderMarkdownCompactions(units: readonly UnitResult[]): string[] {
  const compactions = listCompactions(units);
  const pruning = listPruning(units);
  if (compactions.length === 0 && pruning.length === 0) return [];
  const lines = ["## Compactions", ""];
  if (compactions.length === 0) lines.push("No compaction was written.", "");
  else {
    lines.push(
      `| ${COMPACTION_HEADINGS.join(" | ")} |`,
      "| --- | ---: | --- | ---: | ---: | --- | ---: | ---: | --- |",
    );
    for (const entry of compactions.slice(0, MAX_ROWS)) {
      const cells = compactionCells(entry).map((cell, index) =>
        index === 0 ? code(cell) : index === LOST_COLUMN ? truncateText(cell, LOST_LIMITS) : cell,
      );
      lines.push(`| ${cells.map(escapeTableCell).join(" | ")} |`);
    }
    lines.push("", ...more(compactions.length, "compactions"));
  }
  if (pruning.length > 0) {
    lines.push("Context pruning (tool results shortened or removed before a model call):", "");
    for (const { unit, mechanisms } of pruning.slice(0, MAX_ROWS)) {
      lines.push(`- ${code(unit.unitId)}: ${mechanisms.map(formatPruningCount).join("; ")}`);
    }
    lines.push("", ...more(pruning.length, "units with pruning"));
  }
  return lines;
}
