import { describe, expect, it } from "vitest";
import { formatCostChart } from "../../bench/format-cost-chart.js";
import { formatSkillsChart } from "../../bench/format-skills-chart.js";

/** Checks that every tag is closed in order (no XML parser in the dependencies); returns the element names seen. */
function checkWellFormed(svg: string): string[] {
  const open: string[] = [];
  const seen: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, name, attributes, selfClosing] = match;
    expect(attributes ?? "").not.toMatch(/[<&](?!amp;|lt;|gt;|quot;)/);
    if (closing === "/") expect(open.pop()).toBe(name);
    else {
      seen.push(name!);
      if (selfClosing !== "/") open.push(name!);
    }
  }
  expect(open).toEqual([]);
  return seen;
}

/** Text content between tags, entities decoded. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/(?<=>)([^<>]*\S[^<>]*)(?=<)/g)].map((match) =>
    match[1]!
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
}

const chart = formatCostChart({
  title: "Cost by size",
  xLabel: "skills",
  yLabel: "mean ms",
  series: [
    {
      name: "cold",
      points: [
        { x: 100, y: 4.2 },
        { x: 300, y: 12.5 },
        { x: 1000, y: 40 },
      ],
    },
    {
      name: "warm <cached> & fast",
      points: [
        { x: 100, y: 1 },
        { x: 1000, y: 9 },
      ],
    },
  ],
});

describe("formatCostChart", () => {
  it("is a well-formed SVG document with one marker per point and one line per series", () => {
    expect(chart.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(chart.trimEnd().endsWith("</svg>")).toBe(true);
    const elements = checkWellFormed(chart);
    expect(elements.filter((name) => name === "circle")).toHaveLength(5);
    expect(elements.filter((name) => name === "polyline")).toHaveLength(2);
  });

  it("labels the title, the axes, the legend (escaped) and every point's exact figure", () => {
    const labels = texts(chart);
    expect(labels).toEqual(
      expect.arrayContaining(["Cost by size", "skills", "mean ms", "cold", "warm <cached> & fast"]),
    );
    expect(labels).toEqual(
      expect.arrayContaining([
        "cold: 100 → 4.2",
        "cold: 300 → 12.5",
        "cold: 1,000 → 40",
        "warm <cached> & fast: 1,000 → 9",
      ]),
    );
    expect(chart).not.toContain("<cached>");
  });

  it("puts round ticks on both axes from 0 past the largest figure", () => {
    const labels = texts(chart);
    expect(labels).toEqual(expect.arrayContaining(["0", "200", "1,000", "10", "40"]));
  });

  it("places a larger figure higher and a larger size further right", () => {
    const circles = [...chart.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
    }));
    const [first, second, third] = circles;
    expect(first!.x).toBeLessThan(second!.x);
    expect(second!.x).toBeLessThan(third!.x);
    expect(first!.y).toBeGreaterThan(second!.y);
    expect(second!.y).toBeGreaterThan(third!.y);
  });

  it("gives the same bytes for the same points, drops unusable points and says when nothing is left", () => {
    expect(formatCostChart({ title: "t", xLabel: "x", yLabel: "y", series: [] })).toBe(
      formatCostChart({ title: "t", xLabel: "x", yLabel: "y", series: [] }),
    );
    const empty = formatCostChart({
      title: "t",
      xLabel: "x",
      yLabel: "y",
      series: [
        {
          name: "s",
          points: [
            { x: Number.NaN, y: 1 },
            { x: 1, y: Number.POSITIVE_INFINITY },
          ],
        },
      ],
    });
    checkWellFormed(empty);
    expect(empty).not.toContain("<circle");
    expect(texts(empty)).toContain("no measurements");
    expect(empty).not.toMatch(/NaN|Infinity/);
  });
});

describe("formatSkillsChart", () => {
  it("draws cold, warm and floor time per scan against the number of skills, sorted by size", () => {
    const svg = formatSkillsChart([
      { size: 1000, floorMs: 20, coldMs: 55, warmMs: 30, syncMs: 15 },
      { size: 100, floorMs: 2, coldMs: 6, warmMs: 3, syncMs: 1.5 },
    ]);
    checkWellFormed(svg);
    const labels = texts(svg);
    expect(labels).toEqual(expect.arrayContaining(["cold scan", "warm rescan", "floor (list + read)", "skills"]));
    expect(labels).toEqual(
      expect.arrayContaining(["cold scan: 100 → 6", "cold scan: 1,000 → 55", "floor (list + read): 1,000 → 20"]),
    );
    expect(labels.indexOf("cold scan: 100 → 6")).toBeLessThan(labels.indexOf("cold scan: 1,000 → 55"));
  });
});
