import { describe, expect, it } from "vitest";
import { CHECK_LIMITS } from "../../bench/check-targets.js";
import { runBenchCheck } from "../../bench/run-bench-check.js";
import { cliTimeout } from "../support/run-cli.js";

/** Small figures: 20 skills and runs of 5 and 10 units, one measured round (ten node processes in all). */
const SMALL = { repeats: 1, skills: 20, runUnits: [5, 10] as const };

describe("runBenchCheck (real processes, compiled CLI)", () => {
  it("resolves false and names every missed target when the limits cannot be met", {
    timeout: cliTimeout(10),
  }, async () => {
    // No measured ratio is a thousand times below its reference, so every target is missed whatever the machine.
    const impossible = { ...CHECK_LIMITS, skillsRatio: 0.001, promptRatio: 0.001, runsPeakRatio: 0.001 };
    let output = "";
    let progress = "";
    const met = await runBenchCheck(
      (text) => {
        output += text;
      },
      {
        ...SMALL,
        limits: impossible,
        progress: (text) => {
          progress += text;
        },
      },
    );
    expect(met).toBe(false);
    expect(output).toContain("bench --check: 3 target(s) missed:\n");
    expect(output.match(/│ MISS +│/g)).toHaveLength(3);
    expect(output).toContain("target: at most 0.001x slower than a bare read of the same files");
    expect(progress).toContain("bench --check: run of 10 units, once");
    expect(output).not.toContain("bench --check: run of");
  });
});
