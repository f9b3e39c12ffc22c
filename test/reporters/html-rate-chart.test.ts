import { describe, expect, it } from "vitest";
import type { Comparison, ComparisonRate, ModelComparisonEntry } from "../../src/domain/index.js";
import { renderComparisonCharts } from "../../src/reporters/html-comparison-charts.js";
import { renderRateChart } from "../../src/reporters/html-rate-chart.js";

const EMPTY: ComparisonRate = { rate: null, low: null, high: null, n: 0 };

function entry(model: string, passRate: ComparisonRate): ModelComparisonEntry {
  return {
    model,
    categories: { quiet: EMPTY, alert: EMPTY, "silent-expected": EMPTY, "reply-expected": EMPTY },
    falseSilence: EMPTY,
    passRate,
    k: 1,
    passAtK: null,
    passHatK: null,
    costUsd: 0,
    latencyMs: { p50: null, p95: null },
  };
}

describe("renderRateChart", () => {
  it("draws a bar to the rate and a whisker over the Wilson interval, with the formatted rate", () => {
    const svg = renderRateChart({
      title: "Pass <rate>",
      rows: [{ label: "a&b", rate: { rate: 0.5, low: 0.25, high: 0.75, n: 8 } }],
    });
    expect(svg.startsWith('<svg class="rate-chart" width="770"')).toBe(true);
    expect(svg).toContain('aria-label="Pass &lt;rate&gt;"');
    // The plot starts at x=250 and is 300 wide: 50% is 150 wide, the interval runs 325-475.
    expect(svg).toContain('<rect class="bar" x="250" y="34.0" width="150.0" height="14"/>');
    expect(svg).toContain('<line class="interval" x1="325.0" x2="475.0" y1="41" y2="41"/>');
    expect(svg).toContain(">a&amp;b</text>");
    expect(svg).toContain(">50.0% [25.0–75.0] n=8</text>");
    expect(svg).not.toMatch(/(src|href)=/);
  });

  it("draws no bar for a rate without trials, cuts long labels and gives the same bytes for the same input", () => {
    const long = `simulated:sloppy?${"x".repeat(40)}`;
    const options = { title: "t", rows: [{ label: long, rate: EMPTY }] };
    const svg = renderRateChart(options);
    expect(svg).not.toContain("<rect");
    expect(svg).toContain(`<title>${long}</title>`);
    expect(svg).toContain(`>${long.slice(0, 29)}…</text>`);
    expect(svg).toContain(">-</text>");
    expect(renderRateChart(options)).toBe(svg);
  });
});

describe("renderComparisonCharts", () => {
  it("charts only the measures some model has trials for, one row per model in the given order", () => {
    const comparison: Comparison = {
      models: [entry("b", { rate: 1, low: 0.5, high: 1, n: 4 }), entry("a", { rate: 0, low: 0, high: 0.5, n: 4 })],
      pairs: [],
    };
    const html = renderComparisonCharts(comparison);
    expect(html.match(/<svg /g)).toHaveLength(1);
    expect(html).toContain('aria-label="Pass rate (units)"');
    expect(html.indexOf(">b</text>")).toBeLessThan(html.indexOf(">a</text>"));
    expect(renderComparisonCharts({ models: [entry("a", EMPTY)], pairs: [] })).toBe("");
  });
});
