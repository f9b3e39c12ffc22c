import type { Identifier, UnitResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import { COMPACTION_HEADINGS, compactionCells, formatPruningCount, LOST_COLUMN } from "./format-compaction-values.js";
import { listCompactions, listPruning } from "./list-compactions.js";

function lostList(lost: readonly Identifier[]): string {
  if (lost.length === 0) return "none";
  const items = lost.map(
    (identifier) => `<li><code>${escapeMarkup(identifier.text)}</code> (${escapeMarkup(identifier.kind)})</li>`,
  );
  return `<ul class="lost">${items.join("")}</ul>`;
}

/**
 * The compactions of `index.html`: a table with one row per audited compaction (the columns of
 * `summary.md`, every lost identifier listed with its class), then one line per unit naming
 * the context pruning mechanisms that shortened or removed its tool results. Empty when no
 * unit compacted or pruned. All text escaped.
 */
export function renderHtmlCompactions(units: readonly UnitResult[]): string {
  const compactions = listCompactions(units);
  const pruning = listPruning(units);
  if (compactions.length === 0 && pruning.length === 0) return "";
  const parts = ["<h2>Compactions</h2>"];
  if (compactions.length === 0) parts.push("<p>No compaction was written.</p>");
  else {
    const head = COMPACTION_HEADINGS.map((cell) => `<th>${escapeMarkup(cell)}</th>`).join("");
    const rows = compactions.map((entry) => {
      const cells = compactionCells(entry).map((cell, index) =>
        index === LOST_COLUMN ? lostList(entry.audit.lost) : escapeMarkup(cell),
      );
      return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;
    });
    parts.push(`<table class="compactions"><thead><tr>${head}</tr></thead><tbody>${rows.join("")}</tbody></table>`);
  }
  if (pruning.length > 0) {
    const items = pruning.map(
      ({ unit, mechanisms }) =>
        `<li><code>${escapeMarkup(unit.unitId)}</code>: ${escapeMarkup(mechanisms.map(formatPruningCount).join("; "))}</li>`,
    );
    parts.push(
      "<h3>Context pruning</h3>",
      "<p>Tool results shortened or removed before a model call.</p>",
      `<ul>${items.join("")}</ul>`,
    );
  }
  return parts.join("\n");
}
