import { formatCostChart } from "./format-cost-chart.js";
import type { SkillsSizeResult } from "./format-skills-summary.js";

/** The file name of the chart in the bench output folder. */
export const SKILLS_CHART_FILE = "skills-cost.svg";

/** SVG chart of the skills pipeline's mean time per scan against the number of skills. Pure. */
export function formatSkillsChart(results: readonly SkillsSizeResult[]): string {
  const sorted = [...results].sort((a, b) => a.size - b.size);
  const line = (name: string, pick: (result: SkillsSizeResult) => number) => ({
    name,
    points: sorted.map((result) => ({ x: result.size, y: pick(result) })),
  });
  return formatCostChart({
    title: "Skills pipeline: time per scan by number of skills",
    xLabel: "skills",
    yLabel: "mean ms per scan",
    series: [
      line("cold scan", (result) => result.coldMs),
      line("warm rescan", (result) => result.warmMs),
      line("floor (list + read)", (result) => result.floorMs),
    ],
  });
}
