/** One line of a chart: measured points, in the order they are drawn. */
export interface ChartSeries {
  name: string;
  points: readonly { x: number; y: number }[];
}

export interface CostChartOptions {
  title: string;
  /** Axis titles, units included: "skills", "mean ms per scan". */
  xLabel: string;
  yLabel: string;
  series: readonly ChartSeries[];
}

const WIDTH = 720;
const HEIGHT = 440;
const MARGIN = { left: 72, right: 200, top: 48, bottom: 56 };
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
const TICKS = 5;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Coordinates with at most one decimal, so the same points give the same bytes. */
const at = (value: number) => String(Math.round(value * 10) / 10);

/** A round step (1, 2 or 5 times a power of ten) that splits 0..max into about {@link TICKS} parts. */
function niceStep(max: number): number {
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

function ticks(max: number): number[] {
  const step = niceStep(max > 0 ? max : 1);
  const count = Math.max(1, Math.ceil((max > 0 ? max : 1) / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}

/** Tick and point labels: whole thousands grouped, one decimal from 10, two below. */
function formatNumber(value: number): string {
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString("en-US");
  const scale = Math.abs(value) >= 10 ? 10 : 100;
  return String(Math.round(value * scale) / scale);
}

/**
 * A self-contained SVG line chart of cost (y) against size (x), both axes linear from 0: one line
 * with a marker per measured point (its `<title>` gives the exact figure), a legend naming every
 * series, and axis ticks at round numbers. Points with a non-finite or negative coordinate are left
 * out. Pure: the same options give the same text.
 */
export function formatCostChart(options: CostChartOptions): string {
  const series = options.series.map((line) => ({
    name: line.name,
    points: line.points.filter(
      (point) => Number.isFinite(point.x) && Number.isFinite(point.y) && point.x >= 0 && point.y >= 0,
    ),
  }));
  const all = series.flatMap((line) => line.points);
  const xTicks = ticks(Math.max(0, ...all.map((point) => point.x)));
  const yTicks = ticks(Math.max(0, ...all.map((point) => point.y)));
  const xMax = xTicks[xTicks.length - 1]!;
  const yMax = yTicks[yTicks.length - 1]!;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const xOf = (x: number) => MARGIN.left + (x / xMax) * plotWidth;
  const yOf = (y: number) => MARGIN.top + plotHeight - (y / yMax) * plotHeight;
  const bottom = MARGIN.top + plotHeight;
  const right = MARGIN.left + plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(options.title)}</text>`,
  ];
  for (const tick of yTicks) {
    const y = at(yOf(tick));
    parts.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${right}" y2="${y}" stroke="#e0e0e0"/>`);
    parts.push(
      `<text x="${MARGIN.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${formatNumber(tick)}</text>`,
    );
  }
  for (const tick of xTicks) {
    const x = at(xOf(tick));
    parts.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + 5}" stroke="#333333"/>`);
    parts.push(`<text x="${x}" y="${bottom + 20}" text-anchor="middle">${formatNumber(tick)}</text>`);
  }
  parts.push(
    `<line x1="${MARGIN.left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#333333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${bottom}" stroke="#333333"/>`,
    `<text x="${at(MARGIN.left + plotWidth / 2)}" y="${HEIGHT - 14}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
    `<text x="18" y="${at(MARGIN.top + plotHeight / 2)}" text-anchor="middle" transform="rotate(-90 18 ${at(MARGIN.top + plotHeight / 2)})">${escapeXml(options.yLabel)}</text>`,
  );
  if (all.length === 0) {
    parts.push(
      `<text x="${at(MARGIN.left + plotWidth / 2)}" y="${at(MARGIN.top + plotHeight / 2)}" text-anchor="middle">no measurements</text>`,
    );
  }
  series.forEach((line, index) => {
    const colour = COLOURS[index % COLOURS.length]!;
    const name = escapeXml(line.name);
    const coordinates = line.points.map((point) => `${at(xOf(point.x))},${at(yOf(point.y))}`);
    parts.push(`<g class="series" data-name="${name}">`);
    if (coordinates.length > 1) {
      parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${coordinates.join(" ")}"/>`);
    }
    for (const point of line.points) {
      parts.push(
        `<circle cx="${at(xOf(point.x))}" cy="${at(yOf(point.y))}" r="4" fill="${colour}"><title>${name}: ${formatNumber(point.x)} → ${formatNumber(point.y)}</title></circle>`,
      );
    }
    parts.push("</g>");
    const legendY = MARGIN.top + 8 + index * 20;
    parts.push(
      `<line x1="${right + 16}" y1="${legendY}" x2="${right + 40}" y2="${legendY}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${right + 46}" y="${legendY}" dominant-baseline="middle">${name}</text>`,
    );
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
