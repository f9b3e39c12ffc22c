import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

function results(out: string): RunResult[] {
  return readdirSync(out)
    .filter((entry) => !entry.startsWith("history"))
    .sort()
    .map((entry) => JSON.parse(readFileSync(join(out, entry, "results.json"), "utf8")) as RunResult);
}

describe("fault injection (real binary)", () => {
  it("injects faults reproducibly from the seed; retries absorb transient ones, the rest fail without losing results", async () => {
    const out = makeTempDir();
    const args = [
      "run",
      "scenarios/tools",
      "--faults",
      "rate=0.5,kinds=5xx|empty,seed=11",
      "--reporter",
      "json",
      "--out",
      out,
    ];
    const first = await runCliProcess(args, { cwd: PROJECT_ROOT, env: { CI: "true" } });
    const second = await runCliProcess(args, { cwd: PROJECT_ROOT, env: { CI: "true" } });
    expect(first.code).toBe(1);
    expect(second.code).toBe(1);
    const [a, b] = results(out);
    const outcome = (result: RunResult | undefined) => result?.units.map((unit) => [unit.unitId, unit.status]);
    expect(outcome(a)).toEqual(outcome(b));
    expect(a?.units.length).toBeGreaterThan(0);
    expect(a?.units.some((unit) => unit.status !== "passed")).toBe(true);
    expect(a?.summary.total).toBe(a?.units.length);
  });

  it("rejects a malformed --faults option with exit 2", async () => {
    const run = await runCliProcess(["run", "scenarios/basics", "--faults", "rate=0.2,kinds=lightning"], {
      cwd: PROJECT_ROOT,
      env: { CI: "true" },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--faults: /);
  });
});
