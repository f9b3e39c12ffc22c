import type { Comparison, ComparisonRate, ComplianceCategory, ModelComparisonEntry } from "../domain/index.js";
import { renderRateChart } from "./html-rate-chart.js";

interface ChartSpec {
  title: string;
  rate: (entry: ModelComparisonEntry) => ComparisonRate;
}

const CATEGORY_TITLES: Record<ComplianceCategory, string> = {
  quiet: "Compliance: quiet turns",
  alert: "Compliance: alert turns",
  "silent-expected": "Compliance: silent-expected turns",
  "reply-expected": "Compliance: reply-expected turns",
};

const CHARTS: readonly ChartSpec[] = [
  { title: "Pass rate (units)", rate: (entry) => entry.passRate },
  ...(Object.keys(CATEGORY_TITLES) as ComplianceCategory[]).map((category) => ({
    title: CATEGORY_TITLES[category],
    rate: (entry: ModelComparisonEntry) => entry.categories[category],
  })),
  { title: "False silence (reply-expected turns; lower is better)", rate: (entry) => entry.falseSilence },
];

/**
 * The comparison's charts for `index.html`: the pass rate, each compliance category and false
 * silence, one inline SVG each with a bar and Wilson 95% interval per model. A chart whose
 * rates all have no trials is left out. Pure.
 */
export function renderComparisonCharts(comparison: Comparison): string {
  const charts = CHARTS.filter((chart) => comparison.models.some((entry) => chart.rate(entry).n > 0)).map((chart) =>
    renderRateChart({
      title: chart.title,
      rows: comparison.models.map((entry) => ({ label: entry.model, rate: chart.rate(entry) })),
    }),
  );
  return charts.length === 0 ? "" : `<div class="charts">${charts.join("\n")}</div>`;
}
