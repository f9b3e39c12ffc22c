import type { RunResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import type { FlakyUnit } from "./find-flaky-units.js";
import { SUMMARY_HEADINGS, summariseByModel, summaryCells } from "./summarise-by-model.js";

function table(head: readonly string[], rows: readonly (readonly string[])[], className = ""): string {
  const headCells = head.map((cell) => `<th>${escapeMarkup(cell)}</th>`).join("");
  const bodyRows = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeMarkup(cell)}</td>`).join("")}</tr>`);
  const classAttribute = className === "" ? "" : ` class="${className}"`;
  return `<table${classAttribute}><thead><tr>${headCells}</tr></thead><tbody>${bodyRows.join("")}</tbody></table>`;
}

function runRows(result: RunResult): string[][] {
  const { options } = result;
  const rows = [
    ["Run", result.runId],
    ["Status", result.status],
    ["Started", result.startedAt],
    ["Finished", result.finishedAt],
    ["Tool", `${result.tool.name} ${result.tool.version}`],
    ["Paths", options.paths.join(", ")],
    ["Models", options.models.join(", ")],
  ];
  if (options.repeat !== undefined) rows.push(["Repeat", String(options.repeat)]);
  if (options.filter !== undefined) rows.push(["Filter", options.filter]);
  if (options.tags !== undefined && options.tags.length > 0) rows.push(["Tags", options.tags.join(", ")]);
  if (options.shard !== undefined) rows.push(["Shard", `${options.shard.index}/${options.shard.count}`]);
  rows.push(["Concurrency", String(options.concurrency)]);
  if (options.timeoutSeconds !== undefined) rows.push(["Timeout", `${options.timeoutSeconds} s`]);
  if (result.mergedFrom !== undefined) rows.push(["Merged from", result.mergedFrom.join(", ")]);
  return rows;
}

/**
 * The overview of `index.html`: the per-model table (the console's columns), the run's record,
 * the flaky scenario cases, the scenario diagnostics and obsolete golden files. Pure; all text
 * escaped.
 */
export function renderHtmlOverview(result: RunResult, flaky: readonly FlakyUnit[]): string {
  const models = summariseByModel(result).map(({ model, summary }) => summaryCells(model, summary));
  const parts = [
    "<h2>By model</h2>",
    table(SUMMARY_HEADINGS, models, "models"),
    "<h2>Run</h2>",
    table(["Field", "Value"], runRows(result), "run"),
  ];
  if (flaky.length > 0) {
    parts.push(
      "<h2>Flaky</h2>",
      "<p>Scenario cases whose repeats on one model both passed and failed.</p>",
      table(
        ["Scenario", "Model", "Passed", "Units"],
        flaky.map((group) => [
          group.scenarioId,
          group.model,
          `${group.passed}/${group.decided}`,
          group.unitIds.join(", "),
        ]),
        "flaky",
      ),
    );
  }
  if (result.diagnostics.length > 0) {
    parts.push(
      "<h2>Diagnostics</h2>",
      table(
        ["Where", "Severity", "Field", "Expected", "Found"],
        result.diagnostics.map((diagnostic) => [
          `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`,
          diagnostic.severity,
          diagnostic.path,
          diagnostic.expected,
          diagnostic.found,
        ]),
        "diagnostics",
      ),
    );
  }
  if (result.obsoleteGolden.length > 0) {
    parts.push(
      "<h2>Obsolete golden files</h2>",
      `<ul>${result.obsoleteGolden.map((file) => `<li><code>${escapeMarkup(file)}</code></li>`).join("")}</ul>`,
    );
  }
  return parts.join("\n");
}
