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
    expect(verdicts(GOOD)).toEqual(["PASS", "PASS (not gated)", "PASS", "PASS (not gated)", "PASS", "-", "-"]);
    expect(describeMisses(checkTargets(GOOD))).toBeUndefined();
    expect(checkTargets(GOOD).map((row) => row.measured)).toEqual([
      "2.00x",
      "300 ms",
      "1.10x",
      "320 ms",
      "1.25x",
      "1200 ms",
      "21000 ms",
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

  it("never fails the check on an absolute time, only shows it as missed", () => {
    const slowMachine: CheckFigures = {
      ...GOOD,
      skills: { count: 1000, cliMs: 900, floorMs: 450 },
      prompt: { ...GOOD.prompt, jsonMs: 1100, plainMs: 1000 },
    };
    expect(verdicts(slowMachine)).toEqual(["PASS", "MISS (not gated)", "PASS", "MISS (not gated)", "PASS", "-", "-"]);
    expect(describeMisses(checkTargets(slowMachine))).toBeUndefined();
  });

  it("names each missed gated target with its figure and limit", () => {
    const leaky: CheckFigures = {
      ...GOOD,
      skills: { count: 1000, cliMs: 640, floorMs: 150 },
      runs: { ...GOOD.runs, largePeakMb: 900 },
    };
    expect(describeMisses(checkTargets(leaky))).toBe(
      "bench --check: 2 gated target(s) missed:\n" +
        "  - skills --json, 1000 skills / bare read (640 ms / 150 ms): 4.27x, limit ≤ 2.5x\n" +
        "  - run, peak RSS 20000 / 1000 units (900 MB / 120 MB): 7.50x, limit ≤ 1.5x\n",
    );
  });
});
