import { describe, expect, it } from "vitest";
import type { Comparison, ModelComparisonEntry } from "../../src/domain/index.js";
import { formatComparisonTable } from "../../src/reporters/format-comparison-table.js";
import { formatMeasuresTable } from "../../src/reporters/format-measures-table.js";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { wilsonInterval } from "../../src/stats/index.js";
import { buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

const leaky = buildTurnResult({ category: "silent-expected", reply: "NO_REPLY.", delivered: "NO_REPLY." });
const units = [
  buildUnitResult({ model: "a<b>", scenarioId: "s1" }, { turns: [leaky] }),
  buildUnitResult({ model: "c", scenarioId: "s1" }),
];
const comparison = buildComparison(buildRunResult(units), { models: ["a<b>", "c"] });

/** A comparison as written before the §11 measures existed. */
function withoutMeasures(value: Comparison): Comparison {
  return {
    ...value,
    models: value.models.map(({ measures: _measures, ...entry }): ModelComparisonEntry => entry),
  };
}

describe("comparison in reports", () => {
  it("the console table lists every measure per model", () => {
    const table = formatComparisonTable(comparison);
    expect(table).toContain("Compliance measures (Wilson 95% intervals; definitions in docs/compliance.md)");
    const leakLine = table.split("\n").find((line) => line.includes("Token leak (all)"));
    expect(leakLine).toMatch(/│ Token leak \(all\) +│ 100\.0% \[20\.7–100\.0\] n=1 +│ - +│/);
    expect(
      table.split("\n").filter((line) => / \((quiet|alert|silent-expected|reply-expected|all)\) /.test(line)),
    ).toHaveLength(11);
    expect(wilsonInterval(1, 1).low).toBeCloseTo(0.207, 3);
  });

  it("markdown and HTML show the measures; results without them still render", () => {
    const result = buildRunResult(units, { comparison });
    const markdown = renderMarkdownReport(result);
    expect(markdown).toContain("| Measure (turns) | a<b> | c |");
    expect(markdown).toContain("| Exact silence (silent-expected) | 0.0% [0.0–79.3] n=1 | - |");
    const html = renderHtmlReport(result);
    expect(html).toContain("<th>a&lt;b&gt;</th>");
    expect(html).toContain("<td>Exact silence (silent-expected)</td><td>0.0% [0.0–79.3] n=1</td><td>-</td>");
    expect(html).toContain("<h3>Pairs (exact McNemar on the same units)</h3>");

    const old = buildRunResult(units, { comparison: withoutMeasures(comparison) });
    expect(formatMeasuresTable(withoutMeasures(comparison))).toBe("");
    expect(renderMarkdownReport(old)).not.toContain("Measure (turns)");
    expect(renderHtmlReport(old)).toContain("<h2>Comparison</h2>");
    expect(renderHtmlReport(old)).not.toContain("Compliance measures");
    expect(renderHtmlReport(buildRunResult(units))).not.toContain("<h2>Comparison</h2>");
  });
});
