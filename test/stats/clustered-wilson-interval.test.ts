import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../src/domain/errors.js";
import { clusteredWilsonInterval, countByCluster } from "../../src/stats/clustered-wilson-interval.js";
import { wilsonInterval } from "../../src/stats/wilson-interval.js";
import { assertProperty } from "../support/assert-property.js";

/** `successes` of `n` as `n` clusters of one observation each. */
function singletons(successes: number, n: number) {
  return Array.from({ length: n }, (_, index) => ({ successes: index < successes ? 1 : 0, n: 1 }));
}

function width(interval: { low: number | null; high: number | null }): number {
  return (interval.high ?? 0) - (interval.low ?? 0);
}

describe("clusteredWilsonInterval", () => {
  it("equals the plain Wilson interval when every cluster holds one observation", () => {
    assertProperty(
      fc.property(
        fc.integer({ min: 1, max: 400 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))),
        ([successes, n]) => {
          const clustered = clusteredWilsonInterval({ clusters: singletons(successes, n) });
          const plain = wilsonInterval(successes, n);
          expect({ rate: clustered.rate, low: clustered.low, high: clustered.high, n: clustered.n }).toEqual(plain);
          expect(clustered.designEffect).toBe(1);
          expect(clustered.clusters).toBe(n);
        },
      ),
    );
  });

  it("widens perfectly correlated clusters to one observation per cluster", () => {
    // 6 scenarios of 10 heartbeats each; every heartbeat of a scenario fares alike.
    const clusters = [10, 10, 10, 10, 0, 0].map((successes) => ({ successes, n: 10 }));
    const clustered = clusteredWilsonInterval({ clusters });
    const asOnePerCluster = wilsonInterval(4, 6);
    expect(clustered.rate).toBe(40 / 60);
    expect(clustered.n).toBe(60);
    expect(clustered.clusters).toBe(6);
    expect(clustered.designEffect).toBeCloseTo(10, 12);
    expect(clustered.low).toBeCloseTo(asOnePerCluster.low!, 12);
    expect(clustered.high).toBeCloseTo(asOnePerCluster.high!, 12);
    expect(width(clustered)).toBeGreaterThan(width(wilsonInterval(40, 60)) * 2);
  });

  it("keeps the plain interval when clusters vary no more than independent observations would", () => {
    // Every cluster has exactly the overall rate: no sign of correlation, design effect 1.
    const clusters = Array.from({ length: 8 }, () => ({ successes: 3, n: 4 }));
    const clustered = clusteredWilsonInterval({ clusters });
    expect(clustered.designEffect).toBe(1);
    expect(clustered.low).toBe(wilsonInterval(24, 32).low);
    expect(clustered.high).toBe(wilsonInterval(24, 32).high);
  });

  it("estimates a design effect between the limits for partly correlated clusters", () => {
    const clusters = [
      { successes: 10, n: 10 },
      { successes: 9, n: 10 },
      { successes: 4, n: 10 },
      { successes: 10, n: 10 },
      { successes: 7, n: 10 },
    ];
    const clustered = clusteredWilsonInterval({ clusters });
    // p = 0.8; residuals 4 + 1 + 16 + 4 + 1 = 26; CR1 variance 5/4 · 26 / 2500 = 0.013;
    // binomial variance 0.16 / 50 = 0.0032: design effect 4.0625.
    expect(clustered.designEffect).toBeCloseTo(4.0625, 12);
    expect(width(clustered)).toBeGreaterThan(width(wilsonInterval(40, 50)));
    expect(width(clustered)).toBeLessThan(width(wilsonInterval(4, 5)));
  });

  it("assumes the worst when the data cannot show the correlation: one cluster, or all alike", () => {
    const oneDay = clusteredWilsonInterval({ clusters: [{ successes: 47, n: 48 }] });
    expect(oneDay).toMatchObject({ rate: 47 / 48, n: 48, clusters: 1, designEffect: 48 });
    expect(oneDay.low).toBeLessThan(0.5);
    const allQuiet = clusteredWilsonInterval({ clusters: [48, 48, 48].map((n) => ({ successes: n, n })) });
    expect(allQuiet.designEffect).toBe(48);
    expect(allQuiet.high).toBe(1);
    expect(allQuiet.low).toBeCloseTo(wilsonInterval(3, 3).low!, 12);
    // Unequal sizes: Σ nᵢ² / n = (1 + 9) / 4.
    expect(
      clusteredWilsonInterval({
        clusters: [
          { successes: 0, n: 1 },
          { successes: 0, n: 3 },
        ],
      }),
    ).toMatchObject({
      rate: 0,
      low: 0,
      designEffect: 2.5,
    });
  });

  it("never gives a narrower interval than the plain one over the same observations", () => {
    const cluster = fc
      .integer({ min: 1, max: 12 })
      .chain((n) => fc.record({ successes: fc.integer({ min: 0, max: n }), n: fc.constant(n) }));
    assertProperty(
      fc.property(fc.array(cluster, { minLength: 1, maxLength: 12 }), (clusters) => {
        const clustered = clusteredWilsonInterval({ clusters });
        const successes = clusters.reduce((sum, entry) => sum + entry.successes, 0);
        const plain = wilsonInterval(successes, clustered.n);
        expect(clustered.rate).toBe(plain.rate);
        expect(clustered.low!).toBeLessThanOrEqual(plain.low! + 1e-12);
        expect(clustered.high!).toBeGreaterThanOrEqual(plain.high! - 1e-12);
        expect(clustered.designEffect!).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it("leaves out empty clusters and gives nulls without observations", () => {
    expect(clusteredWilsonInterval({ clusters: [] })).toEqual({
      rate: null,
      low: null,
      high: null,
      n: 0,
      clusters: 0,
      designEffect: null,
    });
    expect(
      clusteredWilsonInterval({
        clusters: [
          { successes: 0, n: 0 },
          { successes: 1, n: 1 },
        ],
      }),
    ).toMatchObject({
      n: 1,
      clusters: 1,
    });
  });

  it("rejects invalid counts", () => {
    expect(() => clusteredWilsonInterval({ clusters: [{ successes: 3, n: 2 }] })).toThrow(ClawEvalError);
    expect(() => clusteredWilsonInterval({ clusters: [{ successes: -1, n: 2 }] })).toThrow(ClawEvalError);
    expect(() => clusteredWilsonInterval({ clusters: [{ successes: 1, n: 1.5 }] })).toThrow(ClawEvalError);
  });
});

describe("countByCluster", () => {
  it("counts per key in order of first appearance", () => {
    const observations = [
      { scenario: "b", ok: true },
      { scenario: "a", ok: false },
      { scenario: "b", ok: false },
      { scenario: "b", ok: true },
    ];
    expect(countByCluster(observations, { key: (entry) => entry.scenario, success: (entry) => entry.ok })).toEqual([
      { successes: 2, n: 3 },
      { successes: 0, n: 1 },
    ]);
  });
});
