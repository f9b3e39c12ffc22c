import picocolors from "picocolors";
import { describe, expect, it } from "vitest";
import type { RunRegressions, RunResult } from "../../src/domain/index.js";
import { formatRegressions } from "../../src/reporters/format-regressions.js";
import { renderHtmlRegressions } from "../../src/reporters/render-html-regressions.js";
import { parseRunResult, renderJsonReport } from "../../src/reporters/render-json-report.js";
import { renderMarkdownRegressions } from "../../src/reporters/render-markdown-regressions.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { wilsonInterval } from "../../src/stats/index.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

const plain = picocolors.createColors(false);

const REGRESSIONS: RunRegressions = {
  baseline: { runId: "20260310-090000-000", startedAt: "2026-03-10T09:00:00.000Z" },
  unitsCompared: 3,
  unitsNew: 1,
  unitsMissing: 0,
  regressions: [
    {
      kind: "unit",
      unitId: "a<b>@scripted#r0",
      scenarioId: "a<b>",
      model: "scripted",
      repeat: 0,
      before: "passed",
      after: "failed",
    },
    {
      kind: "rate",
      model: "scripted",
      metric: "pass-rate",
      before: wilsonInterval(20, 20),
      after: wilsonInterval(5, 20),
    },
  ],
  improvements: [
    {
      kind: "unit",
      unitId: "c@scripted#r0",
      scenarioId: "c",
      model: "scripted",
      repeat: 0,
      before: "errored",
      after: "passed",
    },
  ],
};

function withRegressions(regressions: RunRegressions | undefined): RunResult {
  const run = buildRunResult([buildUnitResult({ scenarioId: "a<b>", status: "failed" })]);
  return regressions === undefined ? run : { ...run, regressions };
}

describe("baseline sections of the reports", () => {
  it("are empty when the run was not compared with a baseline", () => {
    const run = withRegressions(undefined);
    expect(renderHtmlRegressions(run)).toBe("");
    expect(renderMarkdownRegressions(run)).toEqual([]);
    expect(formatRegressions(run, plain)).toBe("");
    expect(renderMarkdownReport(run)).not.toContain("## Baseline");
  });

  it("console: a headline, then a line per regression and per improvement", () => {
    expect(formatRegressions(withRegressions(REGRESSIONS), plain)).toBe(
      [
        "",
        "Baseline 20260310-090000-000 (2026-03-10T09:00:00.000Z): 2 regressions, 1 improvement (3 units compared, 1 new, 0 missing).",
        "Regressions:",
        "  ✗ a<b>@scripted#r0: passed → failed",
        "  ✗ pass rate of scripted: 100.0% [83.9–100.0] n=20 → 25.0% [11.2–46.9] n=20",
        "Improvements:",
        "  ✓ c@scripted#r0: errored → passed",
        "",
      ].join("\n"),
    );
  });

  it("summary.md: a Baseline section with both tables", () => {
    const markdown = renderMarkdownReport(withRegressions(REGRESSIONS));
    expect(markdown).toContain(
      [
        "### Regressions (2)",
        "",
        "| Change | Model | Baseline | This run |",
        "| --- | ---: | ---: | ---: |",
        "| `a<b>@scripted#r0` | `scripted` | passed | failed |",
        "| pass rate | `scripted` | 100.0% [83.9–100.0] n=20 | 25.0% [11.2–46.9] n=20 |",
      ].join("\n"),
    );
    expect(markdown).toContain("## Baseline\n\nBaseline 20260310-090000-000");
    expect(markdown).toContain("### Improvements (1)");
    const none = renderMarkdownRegressions(withRegressions({ ...REGRESSIONS, regressions: [] }));
    expect(none.join("\n")).toContain("### Regressions\n\nNone.");
  });

  it("index.html: a section with escaped tables, and the section even when nothing changed", () => {
    const html = renderHtmlRegressions(withRegressions(REGRESSIONS));
    expect(html).toContain('<section class="baseline" id="regressions">');
    expect(html).toContain("<h3>Regressions (2)</h3>");
    expect(html).toContain("<td>a&lt;b&gt;@scripted#r0</td><td>scripted</td><td>passed</td><td>failed</td>");
    expect(html).not.toContain("a<b>");
    const unchanged = renderHtmlRegressions(withRegressions({ ...REGRESSIONS, regressions: [], improvements: [] }));
    expect(unchanged).toContain("<h3>Regressions (0)</h3>\n<p>None.</p>");
  });
});

describe("results.json with regressions", () => {
  it("round-trips through parseRunResult, and a file without regressions stays valid", () => {
    const run = withRegressions(REGRESSIONS);
    expect(parseRunResult(renderJsonReport(run), "results.json")).toEqual(run);
    expect(parseRunResult(renderJsonReport(withRegressions(undefined)), "results.json").regressions).toBeUndefined();
  });

  it("names the first bad field of a malformed regressions part", () => {
    const bad = (value: unknown) => () =>
      parseRunResult(JSON.stringify({ ...withRegressions(undefined), regressions: value }), "r.json");
    expect(bad({ ...REGRESSIONS, baseline: { runId: 3 } })).toThrow(
      "r.json: not a claw-eval results.json: regressions.baseline.runId: expected a string, found number 3",
    );
    expect(bad({ ...REGRESSIONS, improvements: [{ kind: "unit", unitId: "x" }] })).toThrow(
      "regressions.improvements[0].scenarioId: expected a string",
    );
    expect(
      bad({ ...REGRESSIONS, regressions: [{ kind: "rate", model: "m", metric: "pass-rate", before: {} }] }),
    ).toThrow("regressions.regressions[0].before.rate: expected a number or null");
    expect(bad({ ...REGRESSIONS, regressions: [{ kind: "other" }] })).toThrow(
      'regressions.regressions[0].kind: expected "unit" or "rate"',
    );
    expect(bad([])).toThrow("regressions: expected an object, found an array");
  });
});
