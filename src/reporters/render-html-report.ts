import { ClawEvalError, type RunResult, type UnitResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import { findFlakyUnits } from "./find-flaky-units.js";
import { formatCost, formatCounts, formatDuration } from "./format-values.js";
import { renderComparisonCharts } from "./html-comparison-charts.js";
import { embedJson, jsonScriptElement } from "./html-embed-json.js";
import { renderHtmlOverview } from "./html-overview.js";
import { HTML_REPORT_SCRIPT } from "./html-report-script.js";
import { HTML_REPORT_STYLE } from "./html-report-style.js";
import { renderHtmlSkillsFunnel } from "./html-skills-funnel.js";
import { readSpooledUnits } from "./html-spooled-units.js";
import { createHtmlUnitCollector, type HtmlUnitData } from "./html-unit-collector.js";
import { renderHtmlCompactions } from "./render-html-compactions.js";
import { renderHtmlComparison } from "./render-html-comparison.js";
import { renderHtmlMemory } from "./render-html-memory.js";
import { renderHtmlRegressions } from "./render-html-regressions.js";
import type { SpooledUnits } from "./render-json-report.js";

/** The report's views in tab order; `unit` (one unit opened) has no tab of its own. */
const VIEW_ORDER = [
  "overview",
  "units",
  "unit",
  "comparison",
  "regressions",
  "skills",
  "compactions",
  "memory",
] as const;

type ViewName = (typeof VIEW_ORDER)[number];

/** Text pieces are joined up to about this many UTF-16 units before they are handed on. */
const CHUNK_CHARS = 256 * 1024;

function view(name: ViewName, title: string, body: string, options: { tab?: boolean } = {}): string {
  const hidden = name === "overview" ? "" : " hidden";
  const tab = options.tab === false ? ' data-tab="no"' : "";
  return `<section class="view" id="view-${name}" data-view="${name}" data-title="${escapeMarkup(title)}" data-order="${VIEW_ORDER.indexOf(name)}"${tab}${hidden}>\n${body}\n</section>`;
}

function unitsView(result: RunResult, flakyCount: number): string {
  const headings = ["Status", "Unit", "Scenario", "Model", "Tags", "Turns", "Failed checks", "Time", "Cost"];
  return view(
    "units",
    `Units (${result.units.length})`,
    [
      '<div class="layout">',
      '<aside class="filters">',
      '<input type="search" id="unit-search" placeholder="Search ids, names, replies, tool calls…" aria-label="Search units">',
      `<p><label><input type="checkbox" id="flaky-only"> flaky only (${flakyCount})</label> <button type="button" id="clear-filters">clear filters</button></p>`,
      '<div id="facets"></div>',
      "</aside>",
      "<div>",
      '<div class="pager"><strong id="unit-count"></strong><button type="button" id="page-previous">← previous</button><span id="page-label"></span><button type="button" id="page-next">next →</button></div>',
      `<table class="units"><thead><tr>${headings.map((cell) => `<th>${cell}</th>`).join("")}</tr></thead><tbody id="unit-rows-body"></tbody></table>`,
      "</div>",
      "</div>",
    ].join("\n"),
  );
}

/** The views rendered from the run record and the units as kept in `result` (not their transcripts). */
function summaryViews(result: RunResult, flaky: ReturnType<typeof findFlakyUnits>): string[] {
  const views = [
    view("overview", "Overview", renderHtmlOverview(result, flaky)),
    unitsView(result, flaky.length),
    view("unit", "Unit", '<div id="unit-detail"></div>', { tab: false }),
  ];
  if (result.comparison !== undefined) {
    views.push(
      view(
        "comparison",
        "Comparison",
        `${renderComparisonCharts(result.comparison)}\n${renderHtmlComparison(result.comparison)}`,
      ),
    );
  }
  const regressions = renderHtmlRegressions(result);
  if (regressions !== "") views.push(view("regressions", "Regressions", regressions));
  const compactions = renderHtmlCompactions(result.units);
  if (compactions !== "") views.push(view("compactions", "Compactions", compactions));
  const memory = renderHtmlMemory(result.units);
  if (memory !== "") views.push(view("memory", "Memory", memory));
  return views;
}

/**
 * Yields the units' detail lines and returns what the rest of the page needs of them: as the
 * run collected them while spooling when it did (`spooled.html`), else built here from the units
 * (read back from the spool one at a time, or from `result`).
 */
function* unitDetails(result: RunResult, spooled?: SpooledUnits): Generator<string | Uint8Array, HtmlUnitData> {
  if (spooled?.html !== undefined) {
    yield* spooled.html.details();
    return spooled.html.data;
  }
  const collector = createHtmlUnitCollector();
  const units: Iterable<UnitResult> = spooled === undefined ? result.units : readSpooledUnits(spooled);
  let pending = "";
  for (const unit of units) {
    pending += collector.add(unit);
    if (pending.length >= CHUNK_CHARS) {
      yield pending;
      pending = "";
    }
  }
  yield pending;
  return collector;
}

/**
 * `index.html` in pieces: one self-contained page (inline CSS, script and SVG; nothing loaded
 * from anywhere). The run's views (overview, comparison with charts, regressions, compactions,
 * memory, skills funnel) are HTML; the units are embedded once, as data, and drawn by the
 * page's script when shown: a row per unit for the list and its filters
 * (`<script type="application/json" id="unit-rows">`), one line of JSON per unit with its turns
 * and events (`id="unit-details"`, parsed only when the unit is opened) and each distinct system
 * prompt with its sections and token estimates (`id="prompts"`). Embedded JSON escapes `<`, `>`
 * and `&` ({@link embedJson}), so no recorded text can end its element.
 *
 * With `spooled`, the units' whole records are read from there, one at a time (`result.units`
 * then keeps less of each and must have as many units). Pure apart from reading `spooled`: the
 * same input gives the same bytes.
 */
export function* renderHtmlReportChunks(result: RunResult, spooled?: SpooledUnits): Generator<string | Uint8Array> {
  const flaky = findFlakyUnits(result.units);
  const flakyIds = new Set(flaky.flatMap((group) => group.unitIds));
  const title = `claw-eval ${result.runId}`;
  const summary = `${formatCounts(result.summary)} of ${result.summary.total} units; run ${result.status} in ${formatDuration(result.summary.durationMs)}, cost ${formatCost(result.summary.costUsd)}.`;
  yield [
    "<!doctype html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)}</title><style>${HTML_REPORT_STYLE}</style></head>`,
    "<body>",
    `<header class="top"><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(summary)}</p><nav class="tabs" id="tabs"></nav></header>`,
    "<noscript><p>The unit list, transcripts and system prompts need JavaScript; the overview and tables below do not.</p></noscript>",
    "<main>",
    ...summaryViews(result, flaky),
    '<script type="application/x-ndjson" id="unit-details">',
  ].join("\n");

  const data = yield* unitDetails(result, spooled);
  if (data.rows.length !== result.units.length) {
    throw new ClawEvalError(
      "invariant",
      `the results spool holds ${data.rows.length} units, the run has ${result.units.length}`,
    );
  }
  yield "</script>\n";
  const rows = data.rows.map((row) => (flakyIds.has(row.id) ? { ...row, flaky: true } : row));
  yield `${jsonScriptElement("unit-rows", embedJson(rows))}\n`;
  yield `${jsonScriptElement("prompts", embedJson(data.prompts.prompts))}\n`;
  const funnel = renderHtmlSkillsFunnel(data.skills);
  yield [
    ...(funnel === "" ? [] : [view("skills", "Skills", funnel)]),
    "</main>",
    `<script>${HTML_REPORT_SCRIPT}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** `index.html` as one string: the pieces of {@link renderHtmlReportChunks} joined. Pure. */
export function renderHtmlReport(result: RunResult): string {
  const decoder = new TextDecoder();
  let text = "";
  for (const piece of renderHtmlReportChunks(result)) {
    text += typeof piece === "string" ? piece : decoder.decode(piece, { stream: true });
  }
  return text + decoder.decode();
}
