import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

function runDirs(out: string): string[] {
  return readdirSync(out)
    .filter((entry) => !entry.startsWith("history.sqlite"))
    .sort()
    .map((entry) => join(out, entry));
}

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
    expect(run.stdout).toMatch(/│ Strict ack \(quiet\) +│ /);
    expect(Object.keys(comparison?.models[0]?.measures ?? {})).toHaveLength(12);
    const summary = readFileSync(join(dir, "summary.md"), "utf8");
    expect(summary).toContain("## Comparison");
    expect(summary).toMatch(/^\| Token leak \(all\) \| /m);
    const html = readFileSync(join(dir, "index.html"), "utf8");
    expect(html).toContain("<h2>Comparison</h2>");
    expect(html).toContain("<td>Alert purity (alert)</td>");
  });

  it("merges sharded compare runs into the unsharded run's comparison", async () => {
    const models = ["--model", "scripted", "--model", "simulated:sloppy?ack=0.5&alert=0.5&seed=3"];
    const args = ["compare", "scenarios/compliance", ...models, "--reporter", "json"];
    const whole = makeTempDir();
    const shards = makeTempDir();
    const merged = makeTempDir();
    expect([0, 1]).toContain((await runCliProcess([...args, "--out", whole], { cwd: PROJECT_ROOT })).code);
    for (const shard of ["1/2", "2/2"]) {
      const run = await runCliProcess([...args, "--shard", shard, "--out", shards], { cwd: PROJECT_ROOT });
      expect([0, 1]).toContain(run.code);
    }
    const files = runDirs(shards).map((dir) => join(dir, "results.json"));
    expect(files).toHaveLength(2);
    const merge = await runCliProcess(["merge", ...files, "--out", merged], { cwd: PROJECT_ROOT });
    expect([0, 1]).toContain(merge.code);
    expect(merge.stdout).toContain("Compliance measures (Wilson 95% intervals; definitions in docs/compliance.md)");
    const comparisonOf = (out: string) => {
      const [dir] = runDirs(out);
      const result = JSON.parse(readFileSync(join(dir ?? "", "results.json"), "utf8")) as RunResult;
      // Latency is wall time; everything else must match exactly.
      return JSON.parse(JSON.stringify(result.comparison, (key, value) => (key === "latencyMs" ? null : value)));
    };
    const expected = comparisonOf(whole);
    expect(expected.models[1].measures.strictAck.n).toBeGreaterThan(0);
    expect(comparisonOf(merged)).toEqual(expected);
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
