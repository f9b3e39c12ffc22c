import { describe, expect, it } from "vitest";
import type { AgentEvent, Comparison, ModelComparisonEntry } from "../../src/domain/index.js";
import { formatComparisonTable } from "../../src/reporters/format-comparison-table.js";
import { formatMeasuresTable } from "../../src/reporters/format-measures-table.js";
import { formatRate } from "../../src/reporters/format-rate.js";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { clusteredWilsonInterval, wilsonInterval } from "../../src/stats/index.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

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
      table.split("\n").filter((line) => / \((quiet|alert|silent-expected|reply-expected|all|streamed)\) /.test(line)),
    ).toHaveLength(12);
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
    expect(html).toContain("<h3>Pairs (exact McNemar on the same units, repeats of a scenario case together)</h3>");

    const old = buildRunResult(units, { comparison: withoutMeasures(comparison) });
    expect(formatMeasuresTable(withoutMeasures(comparison))).toBe("");
    expect(renderMarkdownReport(old)).not.toContain("Measure (turns)");
    expect(renderHtmlReport(old)).toContain("<h2>Comparison</h2>");
    expect(renderHtmlReport(old)).not.toContain("Compliance measures");
    expect(renderHtmlReport(buildRunResult(units))).not.toContain("<h2>Comparison</h2>");
  });

  it("shows streamed token leaks and the scenario cases behind clustered rates and pairs", () => {
    const base = { runId: "r", sessionKey: "agent:main:main" };
    const streamed = (...deltas: string[]): AgentEvent[] =>
      deltas.map((delta) => ({ ...base, type: "message_update", delta }));
    const heartbeat = (pass: boolean, deltas: string[]) =>
      buildTurnResult({
        kind: "heartbeat",
        category: "quiet",
        reply: "HEARTBEAT_OK",
        delivered: null,
        events: streamed(...deltas),
        expectations: pass
          ? []
          : [buildExpectationResult({ type: "heartbeat-ack", pass: false, message: "not acknowledged" })],
      });
    const day = (model: string, repeat: number, leak: boolean) =>
      buildUnitResult(
        { model, scenarioId: "day", repeat, status: leak ? "failed" : "passed" },
        {
          turns: [
            heartbeat(true, []),
            heartbeat(!leak, leak ? ["All quiet. HEART", "BEAT_OK"] : ["All quiet."]),
            heartbeat(true, ["Still ", "quiet."]),
          ],
        },
      );
    const result = buildRunResult(
      [0, 1].flatMap((repeat) => [day("leaky", repeat, true), day("clean", repeat, false)]),
    );
    const streamedComparison = buildComparison(result, { models: ["leaky", "clean"] });
    const [leaky, clean] = streamedComparison.models;
    expect(leaky?.measures?.streamedLeak).toMatchObject({ rate: 0.5, n: 4, clusters: 1 });
    expect(clean?.measures?.streamedLeak).toMatchObject({ rate: 0, n: 4, clusters: 1 });

    const table = formatComparisonTable(streamedComparison);
    expect(table).toMatch(
      /│ Streamed token leak \(streamed\) +│ 50\.0% \[\d+\.\d–\d+\.\d\] n=4 \(1 scenario\) +│ 0\.0% /,
    );
    expect(table).toContain("leaky vs clean: p=1.000 n=2 (1 scenario), no significant difference");
    expect(table).toContain("each rate's interval is widened by their design effect");
    const report = buildRunResult(result.units, { comparison: streamedComparison });
    expect(renderMarkdownReport(report)).toMatch(
      /\| Streamed token leak \(streamed\) \| 50\.0% .* n=4 \(1 scenario\) \| 0\.0% /,
    );
    expect(renderMarkdownReport(report)).toContain(
      "| leaky | clean | 2 (1 scenario) | 1.00 | no significant difference |",
    );
    expect(renderHtmlReport(report)).toMatch(
      /<td>Streamed token leak \(streamed\)<\/td><td>50\.0% [^<]* n=4 \(1 scenario\)<\/td>/,
    );
    expect(renderHtmlReport(report)).toContain("<td>2 (1 scenario)</td>");
  });

  it("formats a clustered rate with its scenario cases only when there are fewer cases than trials", () => {
    const twoDays = clusteredWilsonInterval({
      clusters: [
        { successes: 23, n: 24 },
        { successes: 24, n: 24 },
      ],
    });
    expect(formatRate(twoDays)).toBe("97.9% [89.0–99.6] n=48 (2 scenarios)");
    const oneEach = clusteredWilsonInterval({
      clusters: [
        { successes: 1, n: 1 },
        { successes: 0, n: 1 },
      ],
    });
    expect(formatRate(oneEach)).toBe(formatRate(wilsonInterval(1, 2)));
    expect(formatRate(oneEach)).toBe("50.0% [9.5–90.5] n=2");
  });

  it("shows `-` for a measure that results written before it existed lack", () => {
    const old: Comparison = {
      ...comparison,
      models: comparison.models.map((entry): ModelComparisonEntry => {
        const { streamedLeak: _streamed, ...measures } = entry.measures!;
        return { ...entry, measures };
      }),
    };
    const line = formatMeasuresTable(old)
      .split("\n")
      .find((each) => each.includes("Streamed token leak"));
    expect(line).toMatch(/│ Streamed token leak \(streamed\) +│ - +│ - +│/);
  });
});
