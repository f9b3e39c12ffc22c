import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

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

describe("shards, merge and init (real binary)", () => {
  it("splits units across shards and merges them back into the unsharded report", async () => {
    const whole = makeTempDir();
    const shards = makeTempDir();
    const merged = makeTempDir();
    expect(
      (await runCliProcess(["run", "scenarios/", "--out", whole, "--reporter", "json"], { cwd: PROJECT_ROOT })).code,
    ).toBe(0);
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
    const [reference] = results(whole);
    expect(combined?.summary.total).toBe(reference?.summary.total);
    expect(stable(combined as RunResult)).toEqual(stable(reference as RunResult));
  });

  it("gives the same results for the same inputs (apart from timings)", async () => {
    const out = makeTempDir();
    for (let index = 0; index < 2; index++) {
      await runCliProcess(
        ["run", "scenarios/", "--out", out, "--reporter", "json", "--concurrency", index === 0 ? "1" : "4"],
        {
          cwd: PROJECT_ROOT,
        },
      );
    }
    const [a, b] = results(out);
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
    expect(again.stderr).toMatch(/is not empty/);
  });
});
