import { describe, expect, it } from "vitest";
import { buildHistoryListing } from "../../src/runner/build-history-listing.js";
import type { RateCount } from "../../src/runner/build-run-snapshot.js";
import type { HistoryRun } from "../../src/runner/history-store.js";
import { wilsonInterval } from "../../src/stats/index.js";

function run(runId: string, rates: RateCount[], models = [...new Set(rates.map((rate) => rate.model))]): HistoryRun {
  return {
    runId,
    startedAt: `2026-03-1${runId.slice(1)}T00:00:00.000Z`,
    finishedAt: `2026-03-1${runId.slice(1)}T00:01:00.000Z`,
    command: "run",
    status: "completed",
    models,
    total: 4,
    passed: 2,
    failed: 2,
    errored: 0,
    interrupted: 0,
    skipped: 0,
    rates,
  };
}

const pass = (model: string, successes: number, n: number): RateCount => ({
  model,
  metric: "pass-rate",
  successes,
  n,
});

describe("buildHistoryListing", () => {
  it("gives each model's pass rate and its trend against the previous run that measured the model", () => {
    const listing = buildHistoryListing([
      run("r1", [pass("a", 2, 4)]),
      run("r2", [pass("a", 3, 4), pass("b", 1, 2)]),
      run("r3", [pass("b", 0, 2)]),
      run("r4", [pass("a", 3, 4), pass("b", 0, 2)]),
      { ...run("r5", [], ["a"]), baseline: { runId: "r4", regressions: 1, improvements: 0 } },
    ]);
    const trends = listing.runs.map((entry) =>
      entry.models.map((model) => [model.model, model.passRate.rate, model.trend, model.previousRunId]),
    );
    expect(trends).toEqual([
      [["a", 0.5, null, null]],
      [
        ["a", 0.75, "up", "r1"],
        ["b", 0.5, null, null],
      ],
      [["b", 0, "down", "r2"]],
      [
        ["a", 0.75, "same", "r2"],
        ["b", 0, "same", "r3"],
      ],
      [["a", null, null, null]],
    ]);
    expect(listing.runs[1]?.models[0]?.passRate).toEqual(wilsonInterval(3, 4));
    expect(listing.runs[4]).toMatchObject({ units: 4, baseline: { runId: "r4", regressions: 1, improvements: 0 } });
    expect(listing.runs[0]?.baseline).toBeNull();
  });

  it("lists nothing for no run", () => {
    expect(buildHistoryListing([])).toEqual({ runs: [] });
  });
});
