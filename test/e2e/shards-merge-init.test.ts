import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

function results(out: string): RunResult[] {
  return readdirSync(out)
    .filter((entry) => !entry.startsWith("history.sqlite"))
    .sort()
    .map((entry) => JSON.parse(readFileSync(join(out, entry, "results.json"), "utf8")) as RunResult);
}

function stable(result: RunResult) {
  return result.units.map((unit) => ({
    id: unit.unitId,
    status: unit.status,
    turns: unit.turns.map((turn) => ({
      reply: turn.reply,
      prompt: turn.systemPrompt.length,
      events: turn.events.length,
    })),
  }));
}

/** `claw-eval run scenarios/ --reporter json` in PROJECT_ROOT; resolves the exit code and the run's results. */
async function runShippedSuite(extra: readonly string[]): Promise<{ code: number | null; results: RunResult[] }> {
  const out = makeTempDir();
  const run = await runCliProcess(["run", "scenarios/", "--out", out, "--reporter", "json", ...extra], {
    cwd: PROJECT_ROOT,
  });
  return { code: run.code, results: results(out) };
}

let sequential: ReturnType<typeof runShippedSuite> | undefined;

/**
 * One whole run of the shipped suite at `--concurrency 1`, shared by the merge test (as the
 * unsharded reference) and the determinism test (as the sequential side), so the suite runs
 * three times in this file instead of five.
 */
function sequentialRun(): ReturnType<typeof runShippedSuite> {
  sequential ??= runShippedSuite(["--concurrency", "1"]);
  return sequential;
}

describe("shards, merge and init (real binary)", () => {
  // Children: the shared sequential run (if this test starts it), two shards and the merge.
  it("splits units across shards and merges them back into the unsharded report", {
    timeout: cliTimeout(4),
  }, async () => {
    const shards = makeTempDir();
    const merged = makeTempDir();
    const whole = await sequentialRun();
    expect(whole.code).toBe(0);
    for (const shard of ["1/2", "2/2"]) {
      const run = await runCliProcess(["run", "scenarios/", "--shard", shard, "--out", shards, "--reporter", "json"], {
        cwd: PROJECT_ROOT,
      });
      expect(run.code).toBe(0);
    }
    const [first, second] = results(shards);
    expect(first && second).toBeTruthy();
    const firstIds = new Set(first?.units.map((unit) => unit.unitId));
    expect(second?.units.some((unit) => firstIds.has(unit.unitId))).toBe(false);
    const files = readdirSync(shards)
      .filter((entry) => !entry.startsWith("history.sqlite"))
      .map((entry) => join(shards, entry, "results.json"));
    const merge = await runCliProcess(["merge", ...files, "--out", merged], { cwd: PROJECT_ROOT });
    expect(merge.code).toBe(0);
    const [combined] = results(merged);
    const [reference] = whole.results;
    expect(combined?.summary.total).toBe(reference?.summary.total);
    expect(stable(combined as RunResult)).toEqual(stable(reference as RunResult));
  });

  it("gives the same results for the same inputs (apart from timings)", { timeout: cliTimeout(2) }, async () => {
    const [a] = (await sequentialRun()).results;
    const [b] = (await runShippedSuite(["--concurrency", "4"])).results;
    expect(a && b).toBeTruthy();
    const strip = (result: RunResult | undefined) =>
      JSON.stringify(result?.units, (key, value) => (key === "durationMs" || key === "latencyMs" ? 0 : value));
    expect(strip(a)).toBe(strip(b));
  });

  it("scaffolds an empty directory that then runs green, and refuses a non-empty one", async () => {
    const dir = makeTempDir();
    const init = await runCliProcess(["init"], { cwd: dir });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(".github/workflows/claw-eval.yml");
    const run = await runCliProcess(["run", "--out", join(dir, "reports")], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const again = await runCliProcess(["init"], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already has .*scenarios\/echo\.yaml.*; init never overwrites files/);
  });
});
