import picocolors from "picocolors";
import { describe, expect, it } from "vitest";
import type { UnitMemoryMeasures, UnitResult } from "../../src/domain/index.js";
import { formatComparisonTable } from "../../src/reporters/format-comparison-table.js";
import { formatConsoleSummary } from "../../src/reporters/format-console-summary.js";
import { MEMORY_MEASURES_NOTE } from "../../src/reporters/memory-comparison-rows.js";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

const colors = picocolors.createColors(false);
const options = { paths: ["scenarios"], models: ["a", "b"], concurrency: 1, bail: false };

const staleIndex: NonNullable<UnitMemoryMeasures["index"]> = {
  ok: false,
  files: 2,
  chunks: 2,
  problems: [
    {
      kind: "stale-file",
      path: "memory/<old>.md",
      message: "memory/<old>.md: indexed, but no longer a memory file (deleted, renamed or moved)",
    },
  ],
};

const faulty: UnitMemoryMeasures = {
  citations: {
    checked: 3,
    valid: 2,
    invalid: [
      {
        citation: "memory/2026-02-14.md#L99",
        source: "reply",
        turnIndex: 0,
        reason: "line 99 is past the end of memory/2026-02-14.md (6 lines)",
      },
    ],
  },
  index: staleIndex,
  flush: {
    turns: 1,
    compliant: 0,
    onlyTarget: 0,
    prefixKept: 1,
    silent: 1,
    firstInCycle: 1,
    flushes: [
      {
        turnIndex: 1,
        runId: "run-f",
        target: "memory/2026-03-11.md",
        changed: ["SOUL.md", "memory/2026-03-11.md"],
        onlyTarget: false,
        prefixKept: true,
        silent: true,
        firstInCycle: true,
        compliant: false,
        problems: ["changed SOUL.md besides memory/2026-03-11.md"],
      },
    ],
  },
};
const sound: UnitMemoryMeasures = {
  citations: { checked: 2, valid: 2, invalid: [] },
  index: { ...staleIndex, ok: true, problems: [] },
};

const units: UnitResult[] = [
  buildUnitResult({ model: "a", scenarioId: "faulty" }, { memory: faulty }),
  buildUnitResult({ model: "b", scenarioId: "sound" }, { memory: sound }),
  buildUnitResult({ model: "b", scenarioId: "plain" }),
];
const run = buildRunResult(units, { options });
const plain = buildRunResult([buildUnitResult({ model: "a" })], { options });

describe("memory measures in run reports", () => {
  it("the console summary adds one Memory line of totals only when some unit has measures", () => {
    const summary = formatConsoleSummary(run, colors);
    expect(summary).toContain(
      "\nMemory: citations valid 4/5, index consistent 1/2 units, flush compliance 0/1 turns\n",
    );
    expect(formatConsoleSummary(plain, colors)).not.toContain("Memory:");
  });

  it("summary.md adds a Memory section: totals, a row per measured unit, and each unit's problems", () => {
    const markdown = renderMarkdownReport(run);
    expect(markdown).toContain(
      [
        "## Memory",
        "",
        "Totals: citations valid 4/5, index consistent 1/2 units, flush compliance 0/1 turns.",
        "",
        "| Unit | Citations valid | Index | Flush compliant |",
        "| --- | ---: | --- | ---: |",
        "| `faulty@a#r0` | 2/3 | 1 problem | 0/1 |",
        "| `sound@b#r0` | 2/2 | consistent | - |",
        "",
        "Problems of `faulty@a#r0`:",
        "",
        "- turn 1, reply: memory/2026-02-14.md#L99: line 99 is past the end of memory/2026-02-14.md (6 lines)",
        "- index: memory/<old>.md: indexed, but no longer a memory file (deleted, renamed or moved)",
        "- turn 2 flush: changed SOUL.md besides memory/2026-03-11.md",
      ].join("\n"),
    );
    expect(markdown).not.toContain("plain@b#r0");
    expect(renderMarkdownReport(plain)).not.toContain("## Memory");
  });

  it("index.html adds a Memory table with every problem listed, escaped", () => {
    const html = renderHtmlReport(run);
    expect(html).toContain("<h2>Memory</h2>");
    expect(html).toContain(
      "<tr><th>Unit</th><th>Citations valid</th><th>Index</th><th>Flush compliant</th><th>Problems</th></tr>",
    );
    expect(html).toContain(
      "<li>index: memory/&lt;old&gt;.md: indexed, but no longer a memory file (deleted, renamed or moved)</li>",
    );
    expect(html).toContain("<td>sound@b#r0</td><td>2/2</td><td>consistent</td><td>-</td><td>none</td>");
    expect(html).not.toContain("memory/<old>.md");
    expect(renderHtmlReport(plain)).not.toContain("<h2>Memory</h2>");
  });
});

describe("memory measures in comparison reports", () => {
  const comparison = buildComparison(run);

  it("the console table adds a measures table with Wilson intervals", () => {
    const table = formatComparisonTable(comparison);
    const lines = table.split("\n");
    expect(lines).toContain("Memory measures by model");
    expect(lines).toContain(MEMORY_MEASURES_NOTE);
    expect(lines.find((line) => line.startsWith("Model ") && line.includes("Citations valid"))).toMatch(
      /^Model +Units +Citations valid +Index consistent +Flush compliant$/,
    );
    expect(table).toMatch(/\na +1 +66\.7% \[20\.8–93\.9\] n=3 +0\.0% \[0\.0–79\.3\] n=1 +0\.0% \[0\.0–79\.3\] n=1\n/);
    expect(table).toMatch(/\nb +1 +100\.0% \[34\.2–100\.0\] n=2 +100\.0% \[20\.7–100\.0\] n=1 +-\n/);
    expect(table).not.toContain("Memory checks by model");
    expect(formatComparisonTable(buildComparison(plain))).not.toContain("Memory measures");
  });

  it("summary.md and index.html show the same table, with a note that cites nothing outside the report", () => {
    const markdown = renderMarkdownReport({ ...run, comparison });
    expect(markdown).toContain("### Memory measures by model");
    expect(markdown).toContain("| Model | Units | Citations valid | Index consistent | Flush compliant |");
    expect(markdown).toContain("| b | 1 | 100.0% [34.2–100.0] n=2 | 100.0% [20.7–100.0] n=1 | - |");
    const html = renderHtmlReport({ ...run, comparison });
    expect(html).toContain("<h3>Memory measures by model</h3>");
    expect(html).toContain("<td>a</td><td>1</td><td>66.7% [20.8–93.9] n=3</td>");
    expect(MEMORY_MEASURES_NOTE).not.toMatch(/spec|§|\.md/);
  });
});
