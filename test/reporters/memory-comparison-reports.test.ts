import { describe, expect, it } from "vitest";
import type { Comparison, ExpectationResult, ModelComparisonEntry, UnitResult } from "../../src/domain/index.js";
import { formatComparisonTable } from "../../src/reporters/format-comparison-table.js";
import { MEMORY_COMPARISON_NOTE } from "../../src/reporters/memory-comparison-rows.js";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

const options = { paths: ["scenarios"], models: ["a<1>", "b"], concurrency: 1, bail: false };

function check(type: string, pass: boolean): ExpectationResult {
  return buildExpectationResult({ type, pass, message: `${type} ${pass ? "held" : "failed"}` });
}

function unitWith(model: string, scenarioId: string, expectations: ExpectationResult[]): UnitResult {
  return buildUnitResult({ model, scenarioId }, { turns: [buildTurnResult({ expectations })] });
}

/** `a<1>`: top hit 2 of 3, cited 1 of 1; `b`: written 0 of 1, recalled 1 of 2. */
const units: UnitResult[] = [
  unitWith("a<1>", "s1", [check("memory-top-hit", true), check("memory-cited", true)]),
  unitWith("a<1>", "s2", [check("memory-top-hit", true), check("memory-top-hit", false)]),
  unitWith("b", "s1", [check("memory-written", false), check("memory-recalled", true)]),
  unitWith("b", "s2", [check("memory-recalled", false)]),
];
const run = buildRunResult(units, { options });
const comparison = buildComparison(run);
const plain = buildComparison(
  buildRunResult([buildUnitResult({ model: "a<1>" }), buildUnitResult({ model: "b" })], { options }),
);

/** A comparison as written before memory checks were compared. */
function withoutMemory(value: Comparison): Comparison {
  return { ...value, models: value.models.map(({ memory: _memory, ...entry }): ModelComparisonEntry => entry) };
}

describe("memory category in comparison reports", () => {
  it("the console table adds the memory rows only when some unit had a memory check", () => {
    const table = formatComparisonTable(comparison);
    const lines = table.split("\n");
    expect(lines).toContain("Memory checks by model");
    expect(lines.find((line) => line.startsWith("Model ") && line.includes("Top hit"))).toMatch(
      /^Model +Units +Top hit +Cited +Written +Recalled$/,
    );
    expect(table).toMatch(/a<1> +2 +66\.7% \[20\.8–93\.9\] n=3 +100\.0% \[20\.7–100\.0\] n=1 +- +-\n/);
    expect(table).toMatch(/b +2 +- +- +0\.0% \[0\.0–79\.3\] n=1 +50\.0% \[9\.5–90\.5\] n=2\n/);
    expect(formatComparisonTable(plain)).not.toContain("Memory checks");
    expect(formatComparisonTable(withoutMemory(comparison))).not.toContain("Memory checks");
  });

  it("summary.md adds a memory table only when present", () => {
    const markdown = renderMarkdownReport({ ...run, comparison });
    expect(markdown).toContain("### Memory checks by model");
    expect(markdown).toContain("| Model | Units | Top hit | Cited | Written | Recalled |");
    expect(markdown).toContain("| b | 2 | - | - | 0.0% [0.0–79.3] n=1 | 50.0% [9.5–90.5] n=2 |");
    expect(MEMORY_COMPARISON_NOTE).not.toMatch(/spec|§|\.md/);
    expect(markdown).toContain(MEMORY_COMPARISON_NOTE);
    const old = renderMarkdownReport(buildRunResult(units, { options, comparison: withoutMemory(comparison) }));
    expect(old).toContain("## Comparison");
    expect(old).not.toContain("Memory checks by model");
    expect(renderMarkdownReport(buildRunResult([], { comparison: plain }))).not.toContain("Top hit");
  });

  it("index.html adds an escaped memory table only when present", () => {
    const html = renderHtmlReport({ ...run, comparison });
    expect(html).toContain("<h3>Memory checks by model</h3>");
    expect(html).toContain(
      "<tr><th>Model</th><th>Units</th><th>Top hit</th><th>Cited</th><th>Written</th><th>Recalled</th></tr>",
    );
    expect(html).toContain(
      "<td>a&lt;1&gt;</td><td>2</td><td>66.7% [20.8–93.9] n=3</td><td>100.0% [20.7–100.0] n=1</td><td>-</td><td>-</td>",
    );
    expect(html).not.toContain("<td>a<1>");
    const old = renderHtmlReport(buildRunResult([], { comparison: withoutMemory(comparison) }));
    expect(old).toContain("<h2>Comparison</h2>");
    expect(old).not.toContain("Memory checks by model");
    expect(renderHtmlReport(buildRunResult([], { comparison: plain }))).not.toContain("Top hit");
  });
});
