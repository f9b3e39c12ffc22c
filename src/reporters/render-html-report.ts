import type { ExpectationResult, RunResult, TurnResult, UnitResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import { formatCost, formatCounts, formatDuration } from "./format-values.js";
import { renderHtmlCompactions } from "./render-html-compactions.js";
import { renderHtmlComparison } from "./render-html-comparison.js";
import { renderHtmlMemory } from "./render-html-memory.js";
import { SUMMARY_HEADINGS, summariseByModel, summaryCells } from "./summarise-by-model.js";

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1f2328; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
details { border: 1px solid #d0d7de; border-radius: 6px; margin: 0.5rem 0; padding: 0.4rem 0.8rem; }
summary { cursor: pointer; font-family: ui-monospace, monospace; }
pre { background: #f6f8fa; padding: 0.5rem; overflow-x: auto; white-space: pre-wrap; }
.passed { color: #1a7f37; } .failed, .errored { color: #cf222e; } .interrupted, .skipped { color: #9a6700; }
.turn { border-left: 3px solid #d0d7de; padding-left: 0.8rem; margin: 0.8rem 0; }
table.compactions td, table.memory td { text-align: left; vertical-align: top; }
ul.lost, ul.problems { margin: 0; padding-left: 1.2rem; }
`.trim();

function modelTable(result: RunResult): string {
  const head = SUMMARY_HEADINGS;
  const rows = summariseByModel(result).map(({ model, summary }) => {
    const cells = summaryCells(model, summary);
    return `<tr>${cells.map((cell) => `<td>${escapeMarkup(cell)}</td>`).join("")}</tr>`;
  });
  return `<table><thead><tr>${head.map((cell) => `<th>${cell}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function expectationItem(expectation: ExpectationResult): string {
  const status = expectation.pass ? "passed" : "failed";
  const values = [
    expectation.expected === undefined ? "" : `<div>expected</div><pre>${escapeMarkup(expectation.expected)}</pre>`,
    expectation.actual === undefined ? "" : `<div>actual</div><pre>${escapeMarkup(expectation.actual)}</pre>`,
  ].join("");
  return `<li><span class="${status}">${expectation.pass ? "pass" : "FAIL"}</span> <code>${escapeMarkup(expectation.type)}</code> ${escapeMarkup(expectation.message)}${expectation.pass ? "" : values}</li>`;
}

function turnSection(turn: TurnResult): string {
  const delivered =
    turn.delivered === null
      ? "<p>nothing delivered</p>"
      : `<div>delivered</div><pre>${escapeMarkup(turn.delivered)}</pre>`;
  return [
    `<div class="turn"><h4>Turn ${turn.index + 1} (${escapeMarkup(turn.kind)})</h4>`,
    `<div>input</div><pre>${escapeMarkup(turn.input)}</pre>`,
    `<div>reply</div><pre>${escapeMarkup(turn.reply)}</pre>`,
    delivered,
    turn.error === undefined ? "" : `<div>error</div><pre class="errored">${escapeMarkup(turn.error)}</pre>`,
    turn.expectations.length === 0 ? "" : `<ul>${turn.expectations.map(expectationItem).join("")}</ul>`,
    "</div>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

function unitSection(unit: UnitResult): string {
  const open = unit.status === "failed" || unit.status === "errored" ? " open" : "";
  return [
    `<details${open}><summary><span class="${unit.status}">${unit.status}</span> ${escapeMarkup(unit.unitId)} (${escapeMarkup(formatDuration(unit.durationMs))})</summary>`,
    `<p>${escapeMarkup(unit.scenarioName)}, <code>${escapeMarkup(unit.file)}</code>, cost ${escapeMarkup(formatCost(unit.costUsd))}</p>`,
    unit.error === undefined ? "" : `<pre class="errored">${escapeMarkup(unit.error)}</pre>`,
    ...unit.turns.map(turnSection),
    "</details>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * `index.html`: one self-contained page (inline CSS, no script, no network) with the per-model
 * table, the comparison matrix when `compare` wrote one, the compactions and context pruning
 * when any unit had them ({@link renderHtmlCompactions}), the memory measures when any unit has
 * them ({@link renderHtmlMemory}), and every unit's transcript (input,
 * reply, delivery, expectations). Failed and errored units start expanded. All text is escaped.
 */
export function renderHtmlReport(result: RunResult): string {
  const title = `claw-eval ${result.runId}`;
  return [
    "<!doctype html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)}</title><style>${STYLE}</style></head>`,
    "<body>",
    `<h1>${escapeMarkup(title)}</h1>`,
    `<p>${escapeMarkup(formatCounts(result.summary))} of ${result.summary.total} units; run ${escapeMarkup(result.status)} in ${escapeMarkup(formatDuration(result.summary.durationMs))}, cost ${escapeMarkup(formatCost(result.summary.costUsd))}.</p>`,
    modelTable(result),
    ...(result.comparison === undefined ? [] : [renderHtmlComparison(result.comparison)]),
    ...[renderHtmlCompactions(result.units), renderHtmlMemory(result.units)].filter((section) => section !== ""),
    "<h2>Units</h2>",
    ...result.units.map(unitSection),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
