import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { clusterBootstrap } from "../../src/stats/cluster-bootstrap.js";

const seed = Number(process.env.CLAW_EVAL_SEED ?? 20260311);
const rerun = `seed ${seed} (rerun with CLAW_EVAL_SEED=${seed})`;

/** Replays `values` in order, then repeats them. */
function sequence(values: readonly number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

describe("clusterBootstrap", () => {
  it("takes nearest-rank percentiles of the resampled means of cluster means", () => {
    // Resamples of two clusters (means 0 and 1): [0,0] [0,1] [1,0] [1,1] → means 0, 0.5, 0.5, 1.
    const random = sequence([0, 0, 0, 0.5, 0.5, 0, 0.5, 0.5]);
    expect(clusterBootstrap({ clusters: [[0], [1]], random, resamples: 4, confidence: 0.5 })).toEqual({
      mean: 0.5,
      low: 0,
      high: 0.5,
      n: 2,
    });
  });

  it("a unit with many compactions counts once: only cluster means matter", () => {
    const many = [Array.from({ length: 50 }, () => 0.25), [0.75]];
    const once = [[0.25], [0.75]];
    const fromMany = clusterBootstrap({ clusters: many, random: createSeededRandom(7) });
    expect(fromMany.mean).toBeCloseTo(0.5, 12);
    expect(fromMany.n).toBe(2);
    expect(fromMany).toEqual(clusterBootstrap({ clusters: once, random: createSeededRandom(7) }));
  });

  it("is deterministic for a seed and leaves out empty clusters", () => {
    const clusters = [[0.9, 1], [0.5], [], [0.7, 0.75, 0.8], [1]];
    const first = clusterBootstrap({ clusters, random: createSeededRandom(42) });
    expect(clusterBootstrap({ clusters, random: createSeededRandom(42) })).toEqual(first);
    expect(first.n).toBe(4);
    expect(first.mean).toBeCloseTo((0.95 + 0.5 + 0.75 + 1) / 4, 12);
    expect(first.low!).toBeLessThan(first.mean!);
    expect(first.high!).toBeGreaterThan(first.mean!);
  });

  it("gives nulls without clusters and a point interval for one cluster", () => {
    expect(clusterBootstrap({ clusters: [[], []], random: createSeededRandom(1) })).toEqual({
      mean: null,
      low: null,
      high: null,
      n: 0,
    });
    expect(clusterBootstrap({ clusters: [[0.25, 0.75]], random: createSeededRandom(1) })).toEqual({
      mean: 0.5,
      low: 0.5,
      high: 0.5,
      n: 1,
    });
  });

  it("rejects invalid settings and values", () => {
    const random = createSeededRandom(1);
    expect(() => clusterBootstrap({ clusters: [[1]], random, resamples: 0 })).toThrow(/resamples/);
    expect(() => clusterBootstrap({ clusters: [[1]], random, confidence: 1 })).toThrow(/confidence/);
    expect(() => clusterBootstrap({ clusters: [[Number.NaN]], random })).toThrow(/finite/);
  });

  it("covers the true mean of clustered data in 88–99% of 100 trials (30 units, 95% interval)", () => {
    const random = createSeededRandom(seed);
    const trials = 100;
    let covered = 0;
    for (let trial = 0; trial < trials; trial++) {
      // Each unit has its own level (uniform, mean 0.5) and 1–5 compactions scattered around it.
      const clusters = Array.from({ length: 30 }, () => {
        const level = random();
        const size = 1 + Math.floor(random() * 5);
        return Array.from({ length: size }, () => level + (random() - 0.5) * 0.1);
      });
      const { low, high } = clusterBootstrap({ clusters, random });
      if (low! <= 0.5 && 0.5 <= high!) covered++;
    }
    expect(covered / trials, `coverage ${covered}/${trials}, ${rerun}`).toBeGreaterThanOrEqual(0.88);
    expect(covered / trials, `coverage ${covered}/${trials}, ${rerun}`).toBeLessThanOrEqual(0.99);
  });
});
