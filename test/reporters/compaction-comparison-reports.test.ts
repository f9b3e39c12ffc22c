import { describe, expect, it } from "vitest";
import type { Comparison, ModelComparisonEntry, UnitResult } from "../../src/domain/index.js";
import { formatComparisonTable } from "../../src/reporters/format-comparison-table.js";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { buildAudit, compactedUnit, lostIdentifier } from "../runner/compaction-results.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

const options = { paths: ["scenarios"], models: ["a<1>", "b"], concurrency: 1, bail: false };

/** `a<1>` keeps every identifier on six scenarios, `b` half of them and loses a path each time. */
const units: UnitResult[] = Array.from({ length: 6 }, (_, index) => [
  compactedUnit({ model: "a<1>", scenarioId: `s${index}` }, [buildAudit({ before: 4, kept: 4 })]),
  compactedUnit({ model: "b", scenarioId: `s${index}` }, [
    buildAudit({ before: 2, kept: 1 }, { lost: [lostIdentifier("path", `docs/${index}.md`)], reductionRatio: 0.5 }),
  ]),
]).flat();
const run = buildRunResult(units, { options });
const comparison = buildComparison(run);
const plain = buildComparison(
  buildRunResult([buildUnitResult({ model: "a<1>" }), buildUnitResult({ model: "b" })], { options }),
);

/** A comparison as written before compactions were measured. */
function withoutCompaction(value: Comparison): Comparison {
  const { compactionPairs: _pairs, ...rest } = value;
  return { ...rest, models: value.models.map(({ compaction: _compaction, ...entry }): ModelComparisonEntry => entry) };
}

describe("compaction category in comparison reports", () => {
  it("the console table adds the compaction rows and the preservation test", () => {
    const table = formatComparisonTable(comparison);
    const lines = table.split("\n");
    expect(lines).toContain("Compactions by model");
    const header = lines.find((line) => line.startsWith("Model ") && line.includes("Identifier preservation"));
    expect(header).toMatch(
      /^Model +Units +Compactions +Identifier preservation +Token reduction +Structure checks +Lost identifiers$/,
    );
    expect(lines.find((line) => line.startsWith("a<1> ") && line.includes("100.0% [100.0–100.0] n=6"))).toBeDefined();
    expect(lines.find((line) => line.startsWith("b ") && line.includes("50.0% [50.0–50.0] n=6"))).toMatch(/path 6$/);
    expect(table).toContain("a<1> vs b: p=0.031 n=6 (exact), +50.0 pts, a<1> better");
    expect(formatComparisonTable(plain)).not.toContain("Compactions");
    expect(formatComparisonTable(withoutCompaction(comparison))).not.toContain("Preservation pairs");
  });

  it("summary.md adds a compaction table and a pairs table only when a unit compacted", () => {
    const markdown = renderMarkdownReport({ ...run, comparison });
    expect(markdown).toContain("### Compactions by model");
    expect(markdown).toContain(
      "| Model | Units | Compactions | Identifier preservation | Token reduction | Structure checks | Lost identifiers |",
    );
    expect(markdown).toContain(
      "| b | 6 | 6 | 50.0% [50.0–50.0] n=6 | 50.0% [50.0–50.0] n=6 | 100.0% [61.0–100.0] n=6 | path 6 |",
    );
    expect(markdown).toContain("| a<1> | b | 6 | +50.0 pts | 0.0313 | exact | a<1> better |");
    const old = renderMarkdownReport(buildRunResult(run.units, { options, comparison: withoutCompaction(comparison) }));
    expect(old).toContain("## Comparison");
    expect(old).not.toContain("### Compactions by model");
    expect(renderMarkdownReport(buildRunResult([], { comparison: plain }))).not.toContain("Identifier preservation");
  });

  it("index.html adds escaped compaction tables only when a unit compacted", () => {
    const html = renderHtmlReport({ ...run, comparison });
    expect(html).toContain("<h3>Compactions by model</h3>");
    expect(html).toContain("<h3>Preservation pairs</h3>");
    expect(html).toContain("<td>a&lt;1&gt;</td><td>6</td><td>6</td><td>100.0% [100.0–100.0] n=6</td>");
    expect(html).toContain("<td>a&lt;1&gt;</td><td>b</td><td>6</td><td>+50.0 pts</td><td>0.0313</td><td>exact</td>");
    expect(html).not.toContain("<td>a<1>");
    const old = renderHtmlReport(buildRunResult([], { comparison: withoutCompaction(comparison) }));
    expect(old).toContain("<h2>Comparison</h2>");
    expect(old).not.toContain("Preservation pairs");
    expect(renderHtmlReport(buildRunResult([], { comparison: plain }))).not.toContain("Identifier preservation");
  });
});
