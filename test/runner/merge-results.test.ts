import { describe, expect, it } from "vitest";
import { ClawEvalError, type Diagnostic } from "../../src/domain/index.js";
import { renderJsonReport } from "../../src/reporters/render-json-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { mergeRunResults, summariseUnits } from "../../src/runner/merge-results.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

const NOW = Date.parse("2026-03-11T10:00:00.000Z");

const diagnostic: Diagnostic = {
  file: "scenarios/old.yaml",
  line: 3,
  column: 1,
  path: "repeat",
  expected: "a whole number",
  found: "1.5",
  severity: "warning",
};

describe("mergeRunResults", () => {
  it("merges two shards into the report of the unsharded units", () => {
    const all = [
      buildUnitResult({ scenarioId: "api", model: "a" }),
      buildUnitResult({ scenarioId: "api", model: "b", status: "failed" }),
      buildUnitResult({ scenarioId: "beat", model: "a", status: "errored" }),
      buildUnitResult({ scenarioId: "beat", model: "b" }),
    ];
    const options = { paths: ["scenarios"], models: ["a", "b"], concurrency: 4, bail: false };
    const shard = (index: number) => ({ ...options, shard: { index, count: 2 } });
    const first = buildRunResult([all[3]!, all[0]!], {
      runId: "shard-1",
      options: shard(1),
      startedAt: "2026-03-11T09:00:01.000Z",
      finishedAt: "2026-03-11T09:00:04.000Z",
      diagnostics: [diagnostic],
      obsoleteGolden: ["golden/z.md", "golden/a.md"],
    });
    const second = buildRunResult([all[2]!, all[1]!], {
      runId: "shard-2",
      options: shard(2),
      status: "interrupted",
      diagnostics: [diagnostic],
      obsoleteGolden: ["golden/a.md"],
    });
    const merged = mergeRunResults([first, second], { runId: "merged", now: NOW });
    const expected = buildRunResult(all, {
      runId: "merged",
      status: "interrupted",
      options,
      diagnostics: [diagnostic],
      obsoleteGolden: ["golden/a.md", "golden/z.md"],
      mergedFrom: ["shard-1", "shard-2"],
    });
    expect(renderJsonReport(merged)).toBe(renderJsonReport(expected));
  });

  it("recomputes the comparison over the merged units when an input carried one", () => {
    const options = { paths: ["scenarios"], models: ["b", "a"], concurrency: 4, bail: false };
    const all = ["s1", "s2", "s3"].flatMap((scenarioId, index) => [
      buildUnitResult({ scenarioId, model: "b", status: index === 0 ? "failed" : "passed" }, { planIndex: 2 * index }),
      buildUnitResult({ scenarioId, model: "a" }, { planIndex: 2 * index + 1 }),
    ]);
    const shard = (index: number, units: typeof all) => {
      const run = buildRunResult(units, {
        runId: `shard-${index}`,
        options: { ...options, shard: { index, count: 2 } },
      });
      return { ...run, comparison: buildComparison(run) };
    };
    const merged = mergeRunResults([shard(1, all.slice(0, 3)), shard(2, all.slice(3))], { runId: "m", now: NOW });
    const whole = buildComparison(buildRunResult(all, { options }));
    expect(merged.comparison).toEqual(whole);
    expect(merged.comparison?.models.map((entry) => entry.model)).toEqual(["b", "a"]);
    expect(merged.comparison?.pairs[0]).toMatchObject({ a: "b", b: "a", n: 3 });

    const plain = mergeRunResults([buildRunResult(all.slice(0, 3)), buildRunResult(all.slice(3), { runId: "r2" })], {
      runId: "m",
      now: NOW,
    });
    expect(plain.comparison).toBeUndefined();
  });

  it("rejects a unit id present in two inputs, naming it", () => {
    const unit = buildUnitResult({ scenarioId: "api" });
    const run = (runId: string) => buildRunResult([unit], { runId });
    const merge = () => mergeRunResults([run("shard-1"), run("shard-1-again")], { runId: "m", now: NOW });
    expect(merge).toThrow(ClawEvalError);
    expect(merge).toThrow("duplicate unit id api@scripted#r0 in runs shard-1 and shard-1-again");
  });

  it("takes the worst status and stamps an empty merge with now", () => {
    const crashed = buildRunResult([], { runId: "x", status: "crashed" });
    const interrupted = buildRunResult([], { runId: "y", status: "interrupted" });
    expect(mergeRunResults([crashed, interrupted], { runId: "m", now: NOW }).status).toBe("crashed");
    const empty = mergeRunResults([], { runId: "m", now: NOW });
    expect([empty.startedAt, empty.finishedAt, empty.summary.total]).toEqual([
      "2026-03-11T10:00:00.000Z",
      "2026-03-11T10:00:00.000Z",
      0,
    ]);
  });
});

describe("summariseUnits", () => {
  const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 };

  it("sums usage and cost, and counts every status", () => {
    const summary = summariseUnits([
      buildUnitResult({ repeat: 0 }, { usage, costUsd: 0.25 }),
      buildUnitResult({ repeat: 1, status: "skipped" }, { costUsd: null }),
      buildUnitResult({ repeat: 2, status: "interrupted" }, { usage, costUsd: 0.5 }),
    ]);
    expect(summary).toEqual({
      total: 3,
      passed: 1,
      failed: 0,
      errored: 0,
      interrupted: 1,
      skipped: 1,
      usage: { inputTokens: 20, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
      costUsd: 0.75,
      durationMs: 3600,
    });
  });

  it("makes the cost unknown when a unit that called a model has no price", () => {
    const summary = summariseUnits([
      buildUnitResult({ repeat: 0 }, { usage, costUsd: 0.25 }),
      buildUnitResult({ repeat: 1 }, { usage, costUsd: null }),
    ]);
    expect(summary.costUsd).toBeNull();
  });
});
