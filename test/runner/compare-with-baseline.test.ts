import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BaselineChange, UnitStatus } from "../../src/domain/index.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import {
  buildRunSnapshot,
  type RateCount,
  type RunSnapshot,
  type SnapshotUnit,
} from "../../src/runner/build-run-snapshot.js";
import { compareWithBaseline, hasRegressions } from "../../src/runner/compare-with-baseline.js";
import { wilsonInterval } from "../../src/stats/index.js";
import { assertProperty } from "../support/assert-property.js";
import { buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

function unit(scenarioId: string, status: UnitStatus, overrides: Partial<SnapshotUnit> = {}): SnapshotUnit {
  const model = overrides.model ?? "scripted";
  const repeat = overrides.repeat ?? 0;
  return { unitId: `${scenarioId}@${model}#r${repeat}`, scenarioId, model, repeat, status, ...overrides };
}

function snapshot(runId: string, units: SnapshotUnit[], rates: RateCount[] = []): RunSnapshot {
  return { runId, startedAt: `2026-03-1${runId.length}T00:00:00.000Z`, units, rates };
}

describe("compareWithBaseline", () => {
  it("marks a unit that passed and now fails or errors as a regression, and the reverse as an improvement", () => {
    const baseline = snapshot("r1", [
      unit("api", "passed"),
      unit("cron", "passed"),
      unit("memo", "failed"),
      unit("chat", "passed"),
      unit("gone", "passed"),
    ]);
    const current = snapshot("r22", [
      unit("api", "failed"),
      unit("cron", "errored"),
      unit("memo", "passed"),
      unit("chat", "interrupted"),
      unit("fresh", "failed"),
    ]);
    const result = compareWithBaseline({ current, baseline });
    expect(result).toEqual({
      baseline: { runId: "r1", startedAt: baseline.startedAt },
      unitsCompared: 4,
      unitsNew: 1,
      unitsMissing: 1,
      regressions: [
        {
          kind: "unit",
          unitId: "api@scripted#r0",
          scenarioId: "api",
          model: "scripted",
          repeat: 0,
          before: "passed",
          after: "failed",
        },
        {
          kind: "unit",
          unitId: "cron@scripted#r0",
          scenarioId: "cron",
          model: "scripted",
          repeat: 0,
          before: "passed",
          after: "errored",
        },
      ],
      improvements: [
        {
          kind: "unit",
          unitId: "memo@scripted#r0",
          scenarioId: "memo",
          model: "scripted",
          repeat: 0,
          before: "failed",
          after: "passed",
        },
      ],
    });
    expect(hasRegressions(result)).toBe(true);
  });

  it("matches units by scenario (with its case), model and repeat, not by unit id", () => {
    const baseline = snapshot("r1", [
      unit("api#a", "passed", { unitId: "old-id" }),
      unit("api#b", "passed"),
      unit("api#a", "passed", { model: "other" }),
      unit("api#a", "passed", { repeat: 1 }),
    ]);
    const current = snapshot("r22", [unit("api#a", "failed", { unitId: "new-id" })]);
    const result = compareWithBaseline({ current, baseline });
    expect(result.regressions).toEqual([
      {
        kind: "unit",
        unitId: "new-id",
        scenarioId: "api#a",
        model: "scripted",
        repeat: 0,
        before: "passed",
        after: "failed",
      },
    ]);
    expect([result.unitsCompared, result.unitsNew, result.unitsMissing]).toEqual([1, 0, 3]);
  });

  it("marks a rate whose Wilson interval lies entirely below the baseline's, and not one that merely dropped", () => {
    const baseline = snapshot(
      "r1",
      [],
      [
        { model: "a", metric: "pass-rate", successes: 20, n: 20 },
        { model: "b", metric: "pass-rate", successes: 20, n: 20 },
        { model: "b", metric: "quiet", successes: 2, n: 20 },
      ],
    );
    const current = snapshot(
      "r22",
      [],
      [
        { model: "a", metric: "pass-rate", successes: 18, n: 20 },
        { model: "b", metric: "pass-rate", successes: 5, n: 20 },
        { model: "b", metric: "quiet", successes: 19, n: 20 },
      ],
    );
    const result = compareWithBaseline({ current, baseline });
    expect(result.regressions).toEqual([
      { kind: "rate", model: "b", metric: "pass-rate", before: wilsonInterval(20, 20), after: wilsonInterval(5, 20) },
    ]);
    expect(result.improvements).toEqual([
      { kind: "rate", model: "b", metric: "quiet", before: wilsonInterval(2, 20), after: wilsonInterval(19, 20) },
    ]);
  });

  it("compares no rate over zero trials or missing on one side", () => {
    const baseline = snapshot("r1", [], [{ model: "a", metric: "pass-rate", successes: 0, n: 0 }]);
    const current = snapshot(
      "r22",
      [],
      [
        { model: "a", metric: "pass-rate", successes: 0, n: 10 },
        { model: "b", metric: "pass-rate", successes: 0, n: 10 },
      ],
    );
    const result = compareWithBaseline({ current, baseline });
    expect([result.regressions, result.improvements]).toEqual([[], []]);
    expect(hasRegressions(result)).toBe(false);
    expect(hasRegressions(undefined)).toBe(false);
  });
});

describe("buildRunSnapshot", () => {
  it("counts each model's pass rate over units with a verdict, and the categories of a comparison", () => {
    const quiet = buildTurnResult({ category: "quiet" });
    const units = [
      buildUnitResult({ scenarioId: "a", model: "m1", status: "passed" }, { turns: [quiet] }),
      buildUnitResult({ scenarioId: "b", model: "m1", status: "failed" }),
      buildUnitResult({ scenarioId: "c", model: "m1", status: "skipped" }),
      buildUnitResult({ scenarioId: "a", model: "m0", status: "interrupted" }),
    ];
    const run = buildRunResult(units, { runId: "r9" });
    expect(buildRunSnapshot(run).rates).toEqual([{ model: "m1", metric: "pass-rate", successes: 1, n: 2 }]);
    const compared = { ...run, comparison: buildComparison(run, { models: ["m0", "m1"] }) };
    const snap = buildRunSnapshot(compared);
    expect(snap.rates).toEqual([
      { model: "m1", metric: "pass-rate", successes: 1, n: 2 },
      { model: "m1", metric: "quiet", successes: 1, n: 1 },
    ]);
    expect(snap.units.map((each) => [each.unitId, each.status])).toEqual([
      ["a@m1#r0", "passed"],
      ["b@m1#r0", "failed"],
      ["c@m1#r0", "skipped"],
      ["a@m0#r0", "interrupted"],
    ]);
  });
});

const STATUSES: readonly UnitStatus[] = ["passed", "failed", "errored", "interrupted", "skipped"];

const unitsArbitrary = fc
  .uniqueArray(
    fc.record({
      scenarioId: fc.constantFrom("api", "cron", "memo#a", "memo#b"),
      model: fc.constantFrom("m1", "m2"),
      repeat: fc.integer({ min: 0, max: 2 }),
    }),
    { selector: (key) => `${key.scenarioId}|${key.model}|${key.repeat}`, maxLength: 12 },
  )
  .chain((keys) =>
    fc.tuple(
      fc.constant(keys),
      fc.array(fc.constantFrom(...STATUSES), { minLength: keys.length, maxLength: keys.length }),
    ),
  )
  .map(([keys, statuses]) => keys.map((key, index) => unit(key.scenarioId, statuses[index] ?? "passed", key)));

const ratesArbitrary = fc.uniqueArray(
  fc
    .record({
      model: fc.constantFrom("m1", "m2"),
      metric: fc.constantFrom("pass-rate" as const, "quiet" as const, "alert" as const),
      n: fc.integer({ min: 0, max: 60 }),
    })
    .chain((rate) => fc.integer({ min: 0, max: rate.n }).map((successes) => ({ ...rate, successes }))),
  { selector: (rate) => `${rate.model}|${rate.metric}`, maxLength: 6 },
);

const snapshotArbitrary = (runId: string) =>
  fc.tuple(unitsArbitrary, ratesArbitrary).map(([units, rates]) => snapshot(runId, units, rates));

function swapped(changes: readonly BaselineChange[]): BaselineChange[] {
  return changes.map((change) => ({ ...change, before: change.after, after: change.before }) as BaselineChange);
}

describe("compareWithBaseline properties", () => {
  it("a run compared with itself has no regression and no improvement", () => {
    assertProperty(
      fc.property(snapshotArbitrary("r1"), (run) => {
        const result = compareWithBaseline({ current: run, baseline: run });
        expect(result.regressions).toEqual([]);
        expect(result.improvements).toEqual([]);
        expect(result.unitsCompared).toBe(run.units.length);
      }),
    );
  });

  it("swapping baseline and run swaps regressions and improvements", () => {
    assertProperty(
      fc.property(snapshotArbitrary("r1"), snapshotArbitrary("r22"), (a, b) => {
        const forward = compareWithBaseline({ current: b, baseline: a });
        const backward = compareWithBaseline({ current: a, baseline: b });
        expect(swapped(backward.improvements)).toEqual(forward.regressions);
        expect(swapped(backward.regressions)).toEqual(forward.improvements);
        expect([backward.unitsNew, backward.unitsMissing]).toEqual([forward.unitsMissing, forward.unitsNew]);
      }),
    );
  });

  it("every unit regression passed before and fails or errors now; every rate regression's interval lies below", () => {
    assertProperty(
      fc.property(snapshotArbitrary("r1"), snapshotArbitrary("r22"), (baseline, current) => {
        const result = compareWithBaseline({ current, baseline });
        expect(result.unitsCompared + result.unitsNew).toBe(current.units.length);
        for (const change of result.regressions) {
          if (change.kind === "unit") {
            expect(change.before).toBe("passed");
            expect(["failed", "errored"]).toContain(change.after);
          } else {
            expect(change.after.high ?? 1).toBeLessThan(change.before.low ?? 0);
          }
        }
        const unitRegressions = result.regressions.filter((change) => change.kind === "unit").length;
        const before = new Map(baseline.units.map((each) => [`${each.scenarioId}|${each.model}|${each.repeat}`, each]));
        const expected = current.units.filter(
          (each) =>
            before.get(`${each.scenarioId}|${each.model}|${each.repeat}`)?.status === "passed" &&
            (each.status === "failed" || each.status === "errored"),
        ).length;
        expect(unitRegressions).toBe(expected);
      }),
    );
  });
});
