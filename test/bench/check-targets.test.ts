import { describe, expect, it } from "vitest";
import {
  CHECK_LIMITS,
  type CheckFigures,
  checkTargets,
  describeMisses,
  formatVerdict,
} from "../../bench/check-targets.js";

/** Figures that meet every target, gated or not. */
const GOOD: CheckFigures = {
  skills: { count: 1000, cliMs: 300, floorMs: 150 },
  prompt: { jsonMs: 320, plainMs: 290, jsonPeakMb: 70, plainPeakMb: 66 },
  runs: { smallUnits: 1000, largeUnits: 20_000, smallMs: 1200, largeMs: 21_000, smallPeakMb: 120, largePeakMb: 150 },
};

const verdicts = (figures: CheckFigures) => checkTargets(figures).map(formatVerdict);

describe("checkTargets", () => {
  it("passes every target of good figures and reports the run times without a verdict", () => {
    expect(verdicts(GOOD)).toEqual(["PASS", "within (not gated)", "PASS", "within (not gated)", "PASS", "-", "-"]);
    expect(describeMisses(checkTargets(GOOD))).toBeUndefined();
    expect(checkTargets(GOOD).map((row) => [row.measured, row.limit])).toEqual([
      ["2.00x slower than a bare read of the same files", "at most 2.5x slower than a bare read of the same files"],
      ["300 ms", "under 350 ms"],
      ["1.10x slower than prompt without --json", "at most 1.5x slower than prompt without --json"],
      ["320 ms", "under 400 ms"],
      ["1.25x larger than the 1000-unit run's peak", "at most 1.5x larger than the 1000-unit run's peak"],
      ["1200 ms", ""],
      ["21000 ms", ""],
    ]);
  });

  it("holds each gated ratio at its limit inclusive and misses it just above", () => {
    const atLimits: CheckFigures = {
      ...GOOD,
      skills: { ...GOOD.skills, cliMs: 150 * CHECK_LIMITS.skillsRatio },
      prompt: { ...GOOD.prompt, jsonMs: 200 * CHECK_LIMITS.promptRatio, plainMs: 200 },
      runs: { ...GOOD.runs, largePeakMb: 100 * CHECK_LIMITS.runsPeakRatio, smallPeakMb: 100 },
    };
    expect(
      checkTargets(atLimits)
        .filter((row) => row.gated)
        .map((row) => row.met),
    ).toEqual([true, true, true]);
    const above: CheckFigures = {
      skills: { ...atLimits.skills, cliMs: atLimits.skills.cliMs + 1 },
      prompt: { ...atLimits.prompt, jsonMs: atLimits.prompt.jsonMs + 1 },
      runs: { ...atLimits.runs, largePeakMb: atLimits.runs.largePeakMb + 1 },
    };
    expect(
      checkTargets(above)
        .filter((row) => row.gated)
        .map((row) => row.met),
    ).toEqual([false, false, false]);
  });

  it("never fails the check on an absolute time and never calls one a MISS", () => {
    const slowMachine: CheckFigures = {
      ...GOOD,
      skills: { count: 1000, cliMs: 900, floorMs: 450 },
      prompt: { ...GOOD.prompt, jsonMs: 1100, plainMs: 1000 },
    };
    expect(verdicts(slowMachine)).toEqual(["PASS", "over (not gated)", "PASS", "over (not gated)", "PASS", "-", "-"]);
    expect(describeMisses(checkTargets(slowMachine))).toBeUndefined();
  });

  it("names each missed gated target with its figure and limit", () => {
    const leaky: CheckFigures = {
      ...GOOD,
      skills: { count: 1000, cliMs: 640, floorMs: 150 },
      runs: { ...GOOD.runs, largePeakMb: 900 },
    };
    expect(describeMisses(checkTargets(leaky))).toBe(
      "bench --check: 2 target(s) missed:\n" +
        "  - skills --json, 1000 skills (640 ms; bare read 150 ms): 4.27x slower than a bare read of the same files; " +
        "target: at most 2.5x slower than a bare read of the same files\n" +
        "  - run of 20000 units, peak RSS (900 MB; 1000 units: 120 MB): 7.50x larger than the 1000-unit run's peak; " +
        "target: at most 1.5x larger than the 1000-unit run's peak\n",
    );
  });

  it("holds the figures to the limits it is given", () => {
    const strict = { ...CHECK_LIMITS, skillsRatio: 1.5, promptRatio: 1.05, runsPeakRatio: 1.2 };
    expect(checkTargets(GOOD, strict).map(formatVerdict)).toEqual([
      "MISS",
      "within (not gated)",
      "MISS",
      "within (not gated)",
      "MISS",
      "-",
      "-",
    ]);
    expect(checkTargets(GOOD, strict)[0]?.limit).toBe("at most 1.5x slower than a bare read of the same files");
  });
});
