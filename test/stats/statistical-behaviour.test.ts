import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { type ClusterCount, clusteredWilsonInterval } from "../../src/stats/clustered-wilson-interval.js";
import { compareModels, type PairedOutcome } from "../../src/stats/compare-models.js";
import { wilsonInterval } from "../../src/stats/wilson-interval.js";

const seed = Number(process.env.CLAW_EVAL_SEED ?? 20260311);
const trials = 200;
const rerun = `seed ${seed} (rerun with CLAW_EVAL_SEED=${seed})`;

function countTrials(check: (random: () => number) => boolean): number {
  const random = createSeededRandom(seed);
  let count = 0;
  for (let trial = 0; trial < trials; trial++) if (check(random)) count++;
  return count;
}

function pairedUnits(random: () => number, rates: { a: number; b: number; units: number }): PairedOutcome[] {
  return Array.from({ length: rates.units }, () => ({ aPass: random() < rates.a, bPass: random() < rates.b }));
}

/**
 * `clusters` scenarios of `size` observations with rate `rate`; with probability `shared` a
 * scenario's observations are all one draw (intracluster correlation `shared`).
 */
function clusteredCounts(
  random: () => number,
  options: { clusters: number; size: number; rate: number; shared: number },
): ClusterCount[] {
  return Array.from({ length: options.clusters }, () => {
    const shared = random() < options.shared;
    const value = random() < options.rate;
    let successes = 0;
    for (let i = 0; i < options.size; i++) if (shared ? value : random() < options.rate) successes++;
    return { successes, n: options.size };
  });
}

/** Paired units of `clusters` scenarios, `repeats` each; both models draw a per-scenario rate of 0.9 or 0.3. */
function clusteredNullPairs(random: () => number, options: { clusters: number; repeats: number }): PairedOutcome[] {
  return Array.from({ length: options.clusters }, (_, scenario) => {
    const rateA = random() < 0.5 ? 0.9 : 0.3;
    const rateB = random() < 0.5 ? 0.9 : 0.3;
    return Array.from({ length: options.repeats }, () => ({
      aPass: random() < rateA,
      bPass: random() < rateB,
      cluster: `s${scenario}`,
    }));
  }).flat();
}

describe("seeded statistical behaviour", () => {
  it("the clustered Wilson interval covers 0.8 in at least 85% of trials where the plain one drops below 80%", () => {
    let plain = 0;
    const clustered = countTrials((random) => {
      const clusters = clusteredCounts(random, { clusters: 20, size: 10, rate: 0.8, shared: 0.3 });
      const successes = clusters.reduce((sum, cluster) => sum + cluster.successes, 0);
      const naive = wilsonInterval(successes, 200);
      if (naive.low! <= 0.8 && 0.8 <= naive.high!) plain++;
      const { low, high } = clusteredWilsonInterval({ clusters });
      return low! <= 0.8 && 0.8 <= high!;
    });
    expect(clustered / trials, `coverage ${clustered}/${trials}, ${rerun}`).toBeGreaterThanOrEqual(0.85);
    expect(plain / trials, `plain coverage ${plain}/${trials}, ${rerun}`).toBeLessThan(0.8);
  });

  it("the clustered McNemar test calls equal models on correlated repeats different in at most 8% of trials", () => {
    let plain = 0;
    const called = countTrials((random) => {
      const pairs = clusteredNullPairs(random, { clusters: 20, repeats: 5 });
      const unclustered = pairs.map(({ aPass, bPass }) => ({ aPass, bPass }));
      if (compareModels({ a: "x", b: "y", pairs: unclustered }).verdict !== "no significant difference") plain++;
      return compareModels({ a: "x", b: "y", pairs }).verdict !== "no significant difference";
    });
    expect(called / trials, `false positives ${called}/${trials}, ${rerun}`).toBeLessThanOrEqual(0.08);
    expect(plain / trials, `plain false positives ${plain}/${trials}, ${rerun}`).toBeGreaterThan(0.1);
  });

  it("the Wilson 95% interval covers a true rate of 0.8 in at least 93% of trials (n = 50)", () => {
    const covered = countTrials((random) => {
      let successes = 0;
      for (let i = 0; i < 50; i++) if (random() < 0.8) successes++;
      const { low, high } = wilsonInterval(successes, 50);
      return low! <= 0.8 && 0.8 <= high!;
    });
    expect(covered / trials, `coverage ${covered}/${trials}, ${rerun}`).toBeGreaterThanOrEqual(0.93);
  });

  it("McNemar calls 0.95 vs 0.70 on 50 paired units in at least 80% of trials", () => {
    const called = countTrials((random) => {
      const pairs = pairedUnits(random, { a: 0.95, b: 0.7, units: 50 });
      return compareModels({ a: "strong", b: "weak", pairs }).verdict === "strong better";
    });
    expect(called / trials, `power ${called}/${trials}, ${rerun}`).toBeGreaterThanOrEqual(0.8);
  });

  it("McNemar calls 0.8 vs 0.8 different in at most 5% of trials", () => {
    const called = countTrials((random) => {
      const pairs = pairedUnits(random, { a: 0.8, b: 0.8, units: 50 });
      return compareModels({ a: "x", b: "y", pairs }).verdict !== "no significant difference";
    });
    expect(called / trials, `false positives ${called}/${trials}, ${rerun}`).toBeLessThanOrEqual(0.05);
  });
});
