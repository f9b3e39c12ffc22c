// Guards against: bootstrap intervals that leave the range of the data or weigh a unit by its
// compaction count, and sign-flip p-values outside (0, 1] or that depend on sign or order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { clusterBootstrap } from "../../src/stats/cluster-bootstrap.js";
import { signFlipTest } from "../../src/stats/sign-flip-test.js";
import { assertProperty } from "../support/assert-property.js";

const rate = fc.double({ min: 0, max: 1, noNaN: true });
const clusters = fc.array(fc.array(rate, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });
const differences = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { maxLength: 10 });

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

describe("compaction statistics properties", () => {
  it("the bootstrap interval is ordered and lies within the range of the cluster means", () => {
    assertProperty(
      fc.property(clusters, fc.integer(), (data, seed) => {
        const { low, high, n } = clusterBootstrap({ clusters: data, random: createSeededRandom(seed), resamples: 200 });
        const means = data.map(mean);
        expect(n).toBe(data.length);
        expect(low).not.toBeNull();
        expect(low ?? 0).toBeLessThanOrEqual(high ?? 0);
        expect(low ?? 0).toBeGreaterThanOrEqual(Math.min(...means) - 1e-12);
        expect(high ?? 0).toBeLessThanOrEqual(Math.max(...means) + 1e-12);
      }),
    );
  });

  it("repeating a cluster's mean value more times leaves the bootstrap unchanged", () => {
    assertProperty(
      fc.property(
        fc.array(fc.constantFrom(0, 0.25, 0.5, 1), { minLength: 1, maxLength: 8 }),
        fc.nat(5),
        (levels, extra) => {
          const once = levels.map((level) => [level]);
          const many = levels.map((level, index) => Array.from({ length: 1 + ((index + extra) % 6) }, () => level));
          const options = { random: createSeededRandom(9), resamples: 100 };
          const fromOnce = clusterBootstrap({ clusters: once, ...options });
          expect(clusterBootstrap({ clusters: many, random: createSeededRandom(9), resamples: 100 })).toEqual(fromOnce);
        },
      ),
    );
  });

  it("the sign-flip p-value is in (0, 1], at least 2 / 2^n, and the same for negated or reordered differences", () => {
    assertProperty(
      fc.property(differences, (values) => {
        const random = createSeededRandom(1);
        const { pValue, n } = signFlipTest({ differences: values, random });
        expect(pValue).toBeGreaterThan(0);
        expect(pValue).toBeLessThanOrEqual(1);
        if (n > 0) expect(pValue).toBeGreaterThanOrEqual(2 / 2 ** n);
        expect(signFlipTest({ differences: values.map((value) => -value), random }).pValue).toBe(pValue);
        expect(signFlipTest({ differences: [...values].reverse(), random }).pValue).toBe(pValue);
      }),
    );
  });
});
