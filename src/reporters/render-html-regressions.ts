import type { BaselineChange, RunResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import { REGRESSION_HEADINGS, REGRESSION_RULE, regressionHeadline, regressionRows } from "./regression-rows.js";

function changeTable(changes: readonly BaselineChange[], className: string): string {
  if (changes.length === 0) return "<p>None.</p>";
  const head = REGRESSION_HEADINGS.map((cell) => `<th>${escapeMarkup(cell)}</th>`).join("");
  const rows = regressionRows(changes).map(
    (row) => `<tr>${row.map((cell) => `<td>${escapeMarkup(cell)}</td>`).join("")}</tr>`,
  );
  return `<table class="${className}"><thead><tr>${head}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/**
 * The baseline section of `index.html` (pure): the headline, then the regressions and the
 * improvements as tables. `""` when the run was not compared with a baseline (no
 * `result.regressions`); a run compared with no change still gets the section. All text escaped.
 */
export function renderHtmlRegressions(result: RunResult): string {
  const { regressions } = result;
  if (regressions === undefined) return "";
  return [
    `<section class="baseline" id="regressions">`,
    `<h2>Against baseline ${escapeMarkup(regressions.baseline.runId)}</h2>`,
    `<p>${escapeMarkup(regressionHeadline(regressions))}</p>`,
    `<p>${escapeMarkup(REGRESSION_RULE)}</p>`,
    `<h3>Regressions (${regressions.regressions.length})</h3>`,
    changeTable(regressions.regressions, "regressions"),
    `<h3>Improvements (${regressions.improvements.length})</h3>`,
    changeTable(regressions.improvements, "improvements"),
    "</section>",
  ].join("\n");
}
