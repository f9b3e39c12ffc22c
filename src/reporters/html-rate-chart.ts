import type { ComparisonRate } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";
import { formatRate } from "./format-rate.js";

export interface RateChartRow {
  label: string;
  rate: ComparisonRate;
}

export interface RateChartOptions {
  title: string;
  rows: readonly RateChartRow[];
}

const LABEL_WIDTH = 250;
/** Longer labels are cut to fit LABEL_WIDTH at the chart font (the whole label is the row's tooltip). */
const LABEL_CHARS = 30;
const PLOT_WIDTH = 300;
const VALUE_WIDTH = 220;
const ROW_HEIGHT = 26;
const TOP = 28;
const AXIS_HEIGHT = 18;

function x(value: number): string {
  return (LABEL_WIDTH + Math.min(1, Math.max(0, value)) * PLOT_WIDTH).toFixed(1);
}

function rowMarks(row: RateChartRow, index: number): string {
  const middle = TOP + index * ROW_HEIGHT + ROW_HEIGHT / 2;
  const shown = row.label.length > LABEL_CHARS ? `${row.label.slice(0, LABEL_CHARS - 1)}…` : row.label;
  const label = `<title>${escapeMarkup(row.label)}</title><text x="${LABEL_WIDTH - 8}" y="${middle + 4}" text-anchor="end">${escapeMarkup(shown)}</text>`;
  const value = `<text x="${LABEL_WIDTH + PLOT_WIDTH + 8}" y="${middle + 4}">${escapeMarkup(formatRate(row.rate))}</text>`;
  const { rate, low, high } = row.rate;
  if (rate === null || low === null || high === null) return `<g class="row">${label}${value}</g>`;
  const barTop = (middle - 7).toFixed(1);
  const bar = `<rect class="bar" x="${LABEL_WIDTH}" y="${barTop}" width="${(Math.min(1, Math.max(0, rate)) * PLOT_WIDTH).toFixed(1)}" height="14"/>`;
  const interval = [
    `<line class="interval" x1="${x(low)}" x2="${x(high)}" y1="${middle}" y2="${middle}"/>`,
    `<line class="interval" x1="${x(low)}" x2="${x(low)}" y1="${middle - 5}" y2="${middle + 5}"/>`,
    `<line class="interval" x1="${x(high)}" x2="${x(high)}" y1="${middle - 5}" y2="${middle + 5}"/>`,
  ].join("");
  return `<g class="row">${label}${bar}${interval}${value}</g>`;
}

function axis(height: number): string {
  const bottom = TOP + height;
  return [0, 0.25, 0.5, 0.75, 1]
    .map((tick) => {
      const at = x(tick);
      return `<line class="grid" x1="${at}" x2="${at}" y1="${TOP - 4}" y2="${bottom}"/><text class="tick" x="${at}" y="${bottom + 13}" text-anchor="middle">${tick * 100}%</text>`;
    })
    .join("");
}

/**
 * An inline SVG bar chart of rates, one row per entry: the rate as a bar over 0–100 %, its
 * Wilson 95% interval as a whisker, and the formatted rate (`formatRate`) at the end. Rows with
 * no trials show only their label and `-`. Same input, same bytes. All text escaped.
 */
export function renderRateChart(options: RateChartOptions): string {
  const plotHeight = options.rows.length * ROW_HEIGHT;
  const width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH;
  const height = TOP + plotHeight + AXIS_HEIGHT + 4;
  return [
    `<svg class="rate-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeMarkup(options.title)}">`,
    `<text class="title" x="0" y="16">${escapeMarkup(options.title)}</text>`,
    axis(plotHeight),
    ...options.rows.map(rowMarks),
    "</svg>",
  ].join("");
}
