// Guards against: recency inversions (older notes outranking newer ones), decay leaking onto evergreen files, future dates boosted above 1, and half-life off-by-one or unit (ms vs days) errors.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderMemoryResults } from "../../src/memory/order-memory-results.js";
import { ageInDays, decayMultiplier, memoryTimestamp } from "../../src/memory/temporal-decay.js";
import { assertProperty } from "../support/assert-property.js";
import { at } from "./memory-search-fixtures.js";

const DAY_MS = 86_400_000;
const FIRST_DAY = at("2000-01-01T00:00:00Z") / DAY_MS;

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The decay step of searchMemory: §6.4 timestamp, age, multiplier, then the §6.7 order. */
function decayAndOrder(options: {
  paths: string[];
  score: number;
  now: number;
  halfLifeDays: number;
  mtimeMs?: number;
}) {
  const results = options.paths.map((path, index) => {
    const timestampMs = memoryTimestamp({ path, mtimeMs: options.mtimeMs });
    const age = timestampMs === undefined ? undefined : ageInDays(options.now, timestampMs);
    const multiplier = age === undefined ? 1 : decayMultiplier({ ageDays: age, halfLifeDays: options.halfLifeDays });
    return { path, startLine: index + 1, score: options.score * multiplier, timestampMs };
  });
  return orderMemoryResults(results);
}

const halfLife = fc.integer({ min: 1, max: 365 });
const score = fc.double({ min: 0.05, max: 1, noNaN: true });

describe("temporal decay properties", () => {
  it("a newer, equally relevant dated note never ranks below an older one, and their score ratio is exp(λ·Δdays)", () => {
    const olderDay = fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 9000 });
    const cases = fc.record({
      olderDay,
      gapDays: fc.integer({ min: 1, max: 1000 }),
      aheadDays: fc.integer({ min: 0, max: 400 }),
      halfLifeDays: fc.integer({ min: 10, max: 365 }),
      score,
      slug: fc.boolean(),
      newerFirst: fc.boolean(),
    });
    assertProperty(
      fc.property(cases, (c) => {
        const newerDay = c.olderDay + c.gapDays;
        const suffix = c.slug ? "-notes.md" : ".md";
        const older = `memory/${isoDay(c.olderDay)}${suffix}`;
        const newer = `memory/${isoDay(newerDay)}${suffix}`;
        const ordered = decayAndOrder({
          paths: c.newerFirst ? [newer, older] : [older, newer],
          score: c.score,
          now: (newerDay + c.aheadDays) * DAY_MS + 3_600_000,
          halfLifeDays: c.halfLifeDays,
        });
        expect(ordered.map((result) => result.path)).toEqual([newer, older]);
        const ratio = (ordered[0]?.score ?? 0) / (ordered[1]?.score ?? 1);
        const expected = Math.exp((Math.LN2 / c.halfLifeDays) * c.gapDays);
        expect(Math.abs(ratio - expected)).toBeLessThan(1e-9 * expected);
      }),
    );
  });

  it("a dated note the same age as another never ranks below it for having a later path or line", () => {
    assertProperty(
      fc.property(fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 9000 }), halfLife, score, (day, halfLifeDays, raw) => {
        const paths = [`memory/${isoDay(day)}-b.md`, `memory/${isoDay(day)}-a.md`];
        const ordered = decayAndOrder({ paths, score: raw, now: (day + 3) * DAY_MS, halfLifeDays });
        expect(ordered.map((result) => result.path)).toEqual([paths[1], paths[0]]);
        expect(ordered[0]?.score).toBe(ordered[1]?.score);
      }),
    );
  });

  it("evergreen files never decay: their scores are identical for any two nows and any mtime", () => {
    const evergreen = fc.oneof(
      fc.constantFrom("MEMORY.md", "memory.md", "memory/archive/2026-01-10.md"),
      fc.stringMatching(/^[a-z][a-z-]{0,12}$/).map((name) => `memory/${name}.md`),
      fc.stringMatching(/^[a-z]{1,8}$/).map((folder) => `memory/${folder}/2026-03-01.md`),
    );
    const instant = fc.integer({ min: FIRST_DAY * DAY_MS, max: (FIRST_DAY + 20000) * DAY_MS });
    assertProperty(
      fc.property(evergreen, instant, instant, instant, halfLife, score, (path, mtimeMs, nowA, nowB, days, raw) => {
        expect(memoryTimestamp({ path, mtimeMs })).toBeUndefined();
        const [first] = decayAndOrder({ paths: [path], score: raw, now: nowA, halfLifeDays: days, mtimeMs });
        const [second] = decayAndOrder({ paths: [path], score: raw, now: nowB, halfLifeDays: days, mtimeMs });
        expect(first?.score).toBe(raw);
        expect(second?.score).toBe(raw);
      }),
    );
  });

  it("the multiplier is monotone non-increasing in age, 1 at age ≤ 0, and halves at every half-life", () => {
    const age = fc.double({ min: -1000, max: 5000, noNaN: true });
    assertProperty(
      fc.property(age, age, halfLife, (a, b, halfLifeDays) => {
        const [younger, older] = a <= b ? [a, b] : [b, a];
        const youngerMultiplier = decayMultiplier({ ageDays: younger, halfLifeDays });
        expect(decayMultiplier({ ageDays: older, halfLifeDays })).toBeLessThanOrEqual(youngerMultiplier);
        expect(youngerMultiplier).toBeLessThanOrEqual(1);
        if (younger <= 0) expect(youngerMultiplier).toBe(1);
        expect(decayMultiplier({ ageDays: halfLifeDays, halfLifeDays })).toBeCloseTo(0.5, 12);
        if (younger >= 0) {
          const later = decayMultiplier({ ageDays: younger + halfLifeDays, halfLifeDays });
          expect(later).toBeCloseTo(youngerMultiplier / 2, 12);
        }
      }),
    );
  });
});
