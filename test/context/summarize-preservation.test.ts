import { describe, expect, it } from "vitest";
import { summarizePreservation } from "../../src/context/summarize-preservation.js";
import type { CompactionAudit, Identifier } from "../../src/domain/index.js";

const PASSING = {
  headings: true,
  summaryWithinCap: true,
  fileOpsWithinCap: true,
  latestAskReflected: true,
  withinTimeout: true,
};

function audit(overrides: Partial<CompactionAudit>): CompactionAudit {
  return {
    trigger: "threshold",
    identifiersBefore: 0,
    identifiersKept: 0,
    lost: [],
    preservationRate: null,
    tokensBefore: 1000,
    tokensAfter: 500,
    summaryTokens: 100,
    keptTailTokens: 400,
    reductionRatio: 0.5,
    structure: PASSING,
    durationMs: 10,
    ...overrides,
  };
}

const lost = (kind: Identifier["kind"], normalised: string): Identifier => ({ kind, text: normalised, normalised });

describe("summarizePreservation", () => {
  it("reports nothing measurable for no audits", () => {
    expect(summarizePreservation([])).toEqual({
      compactions: 0,
      meanRate: null,
      lostByClass: { url: 0, uuid: 0, hex: 0, path: 0, host: 0, "number-unit": 0, "long-number": 0, quoted: 0 },
      meanReduction: null,
      structurePassRate: null,
    });
  });

  it("averages rates and reductions skipping n/a, counts lost identifiers per class", () => {
    const audits = [
      audit({ preservationRate: 6 / 7, lost: [lost("number-unit", "30s")], reductionRatio: 0.9 }),
      audit({ preservationRate: null, reductionRatio: null }),
      audit({
        preservationRate: 0.5,
        lost: [lost("hex", "3f9a2c1"), lost("number-unit", "3斤")],
        reductionRatio: 0.7,
        structure: { ...PASSING, withinTimeout: false },
      }),
      audit({ preservationRate: 1, reductionRatio: 0.8, structure: { ...PASSING, headings: false } }),
    ];
    const summary = summarizePreservation(audits);
    expect(summary.compactions).toBe(4);
    expect(summary.meanRate).toBeCloseTo((6 / 7 + 0.5 + 1) / 3, 10);
    expect(summary.meanReduction).toBeCloseTo(0.8, 10);
    expect(summary.lostByClass).toEqual({
      url: 0,
      uuid: 0,
      hex: 1,
      path: 0,
      host: 0,
      "number-unit": 2,
      "long-number": 0,
      quoted: 0,
    });
    expect(summary.structurePassRate).toBe(0.5);
  });
});
