import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

describe("claw-eval compare (real binary)", () => {
  it("runs both models, writes the comparison into results.json and prints the table", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(
      ["compare", "scenarios/basics", "--model", "scripted", "--model", "scripted:echo", "--out", out],
      { cwd: PROJECT_ROOT },
    );
    expect([0, 1]).toContain(run.code);
    const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
    expect(runs).toHaveLength(1);
    const dir = join(out, runs[0] ?? "");
    const result = JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as RunResult;
    const comparison = result.comparison;
    expect(comparison?.models.map((entry) => entry.model)).toEqual(["scripted", "scripted:echo"]);
    expect(comparison?.pairs).toHaveLength(1);
    expect(comparison?.pairs[0]).toMatchObject({ a: "scripted", b: "scripted:echo" });
    expect(comparison?.models[0]?.passRate.n).toBeGreaterThan(0);
    expect(Object.keys(comparison?.models[0]?.categories ?? {}).sort()).toEqual([
      "alert",
      "quiet",
      "reply-expected",
      "silent-expected",
    ]);
    expect(run.stdout).toContain("Comparison (Wilson 95% intervals)");
    expect(run.stdout).toMatch(/^scripted vs scripted:echo: p=/m);
    expect(readFileSync(join(dir, "summary.md"), "utf8")).toContain("## Comparison");
  });

  it("exits 2 with fewer than two models", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(["compare", "scenarios/basics", "--model", "scripted", "--out", out], {
      cwd: PROJECT_ROOT,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("at least two distinct models");
    expect(readdirSync(out)).toEqual([]);
  });
});
