import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
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

describe("seeded statistical behaviour", () => {
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
