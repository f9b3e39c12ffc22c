import { describe, expect, it } from "vitest";
import { ageInDays, decayMultiplier, memoryTimestamp } from "../../src/memory/temporal-decay.js";
import { at } from "./memory-search-fixtures.js";

const NOW = at("2026-03-15T00:00:00Z");

function multiplierOf(path: string, mtimeMs?: number, now = NOW): number {
  const timestamp = memoryTimestamp({ path, mtimeMs });
  if (timestamp === undefined) return 1;
  return decayMultiplier({ ageDays: ageInDays(now, timestamp), halfLifeDays: 30 });
}

describe("memoryTimestamp (memory.md §6.4)", () => {
  it("dates daily notes and session snapshots by their file name at 00:00 UTC", () => {
    expect(memoryTimestamp({ path: "memory/2026-03-14.md" })).toBe(at("2026-03-14T00:00:00Z"));
    expect(memoryTimestamp({ path: "memory/2026-03-14-vendor-pitch.md", mtimeMs: 5 })).toBe(at("2026-03-14T00:00:00Z"));
    expect(memoryTimestamp({ path: "../shared/memory/2024-02-29.md" })).toBe(at("2024-02-29T00:00:00Z"));
  });

  it("treats MEMORY.md, memory.md and other memory/ paths as evergreen, even with an mtime", () => {
    for (const path of ["MEMORY.md", "memory.md", "memory/projects.md", "memory/archive/2026-01-10.md"]) {
      expect(memoryTimestamp({ path, mtimeMs: at("2020-01-01T00:00:00Z") })).toBeUndefined();
    }
  });

  it("falls back to the mtime for impossible dates and extra paths, and to no decay without a stat", () => {
    const mtimeMs = at("2026-03-05T00:00:00Z");
    expect(memoryTimestamp({ path: "memory/2026-02-30.md", mtimeMs })).toBe(mtimeMs);
    expect(memoryTimestamp({ path: "memory/2025-02-29.md", mtimeMs })).toBe(mtimeMs);
    expect(memoryTimestamp({ path: "memory/2026-13-01-slug.md", mtimeMs })).toBe(mtimeMs);
    expect(memoryTimestamp({ path: "docs/notes.md", mtimeMs })).toBe(mtimeMs);
    expect(memoryTimestamp({ path: "docs/notes.md" })).toBeUndefined();
    expect(memoryTimestamp({ path: "memory/2026-02-30.md" })).toBeUndefined();
  });

  it("decays session transcripts by their mtime, whatever their name (memory.md §10)", () => {
    const mtimeMs = at("2026-03-05T00:00:00Z");
    for (const path of ["sessions/s1.jsonl", "sessions/2026-01-01.jsonl", "sessions/memory.jsonl"]) {
      expect(memoryTimestamp({ path, mtimeMs }), path).toBe(mtimeMs);
      expect(memoryTimestamp({ path }), path).toBeUndefined();
    }
    expect(multiplierOf("sessions/s1.jsonl", mtimeMs)).toBeCloseTo(0.7937, 4);
  });

  it("keeps years below 100 literal", () => {
    expect(new Date(memoryTimestamp({ path: "memory/0042-01-02.md" }) ?? 0).getUTCFullYear()).toBe(42);
  });
});

describe("decay table (half-life 30 d, now 2026-03-15T00:00Z, raw score 0.60)", () => {
  it.each([
    ["MEMORY.md", undefined, 1, 0.6],
    ["memory/2026-03-14.md", undefined, 0.9772, 0.5863],
    ["memory/2026-03-14-vendor-pitch.md", undefined, 0.9772, 0.5863],
    ["memory/2026-03-08.md", undefined, 0.8507, 0.5104],
    ["memory/2026-02-13.md", undefined, 0.5, 0.3],
    ["memory/2026-01-29.md", undefined, 0.3536, 0.2121],
    ["memory/2026-03-20.md", undefined, 1, 0.6],
    ["memory/projects.md", undefined, 1, 0.6],
    ["docs/notes.md", at("2026-03-05T00:00:00Z"), 0.7937, 0.4762],
  ])("%s", (path, mtimeMs, multiplier, score) => {
    const actual = multiplierOf(path, mtimeMs);
    expect(actual.toFixed(4)).toBe(multiplier.toFixed(4));
    expect((0.6 * actual).toFixed(4)).toBe(score.toFixed(4));
  });

  it("decays a note dated today by its fractional age", () => {
    const multiplier = multiplierOf("memory/2026-03-15.md", undefined, at("2026-03-15T12:00:00Z"));
    expect(multiplier.toFixed(5)).toBe("0.98851");
  });
});

describe("decayMultiplier", () => {
  it.each([
    [1, "0.977"],
    [7, "0.851"],
    [30, "0.500"],
    [60, "0.250"],
    [90, "0.125"],
  ])("reproduces the seed check value at %d days", (ageDays, expected) => {
    expect(decayMultiplier({ ageDays, halfLifeDays: 30 }).toFixed(3)).toBe(expected);
  });

  it("is 1 at age 0, for future ages and for NaN ages", () => {
    expect(decayMultiplier({ ageDays: 0, halfLifeDays: 30 })).toBe(1);
    expect(decayMultiplier({ ageDays: -5, halfLifeDays: 30 })).toBe(1);
    expect(decayMultiplier({ ageDays: Number.NaN, halfLifeDays: 30 })).toBe(1);
  });

  it("floors the half-life with a minimum of 1 day", () => {
    expect(decayMultiplier({ ageDays: 7, halfLifeDays: 7.9 })).toBeCloseTo(0.5, 12);
    expect(decayMultiplier({ ageDays: 1, halfLifeDays: 0 })).toBeCloseTo(0.5, 12);
  });

  it("clamps future ages to 0 in ageInDays", () => {
    expect(ageInDays(NOW, at("2026-03-20T00:00:00Z"))).toBe(0);
    expect(ageInDays(NOW, at("2026-03-14T12:00:00Z"))).toBe(0.5);
  });
});
