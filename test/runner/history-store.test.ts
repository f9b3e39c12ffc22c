import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { RunRegressions } from "../../src/domain/index.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { HISTORY_MIGRATIONS } from "../../src/runner/history-migrations.js";
import { HISTORY_SCHEMA_VERSION, openHistoryStore } from "../../src/runner/history-store.js";
import { buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";
import { makeTempDir } from "../support/run-cli.js";

function countRows(path: string, table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number }).count;
  } finally {
    db.close();
  }
}

describe("history store", () => {
  it("records runs and answers a unit's history newest first; recording a run again replaces it", () => {
    const path = join(makeTempDir(), "history.sqlite");
    const store = openHistoryStore(path);
    const unit = buildUnitResult({ scenarioId: "api" });
    store.record(buildRunResult([unit], { runId: "r1", startedAt: "2026-03-10T00:00:00.000Z" }));
    store.record(
      buildRunResult([{ ...unit, status: "failed" }], { runId: "r2", startedAt: "2026-03-11T00:00:00.000Z" }),
    );
    store.record(
      buildRunResult([{ ...unit, status: "errored" }], { runId: "r2", startedAt: "2026-03-11T00:00:00.000Z" }),
    );
    expect(store.runCount()).toBe(2);
    expect(store.unitHistory(unit.unitId).map((entry) => [entry.runId, entry.status])).toEqual([
      ["r2", "errored"],
      ["r1", "passed"],
    ]);
    store.close();
    const reopened = openHistoryStore(path);
    expect(reopened.runCount()).toBe(2);
    reopened.close();
    // The replaced run's expectations and metrics went with it: one of each per run remains.
    expect([countRows(path, "expectations"), countRows(path, "metrics")]).toEqual([2, 2]);
  });

  it("records units, expectations, rates, the comparison and the baseline changes, and lists runs oldest first", () => {
    const path = join(makeTempDir(), "history.sqlite");
    const store = openHistoryStore(path);
    const quiet = buildTurnResult({ category: "quiet" });
    const units = [
      buildUnitResult({ scenarioId: "api", model: "m2" }, { turns: [quiet] }),
      buildUnitResult({ scenarioId: "api", model: "m1", status: "failed" }),
      buildUnitResult({ scenarioId: "cron#a", model: "m1" }, { caseId: "a" }),
    ];
    const base = buildRunResult(units, { runId: "r2", startedAt: "2026-03-12T00:00:00.000Z" });
    const regressions: RunRegressions = {
      baseline: { runId: "r1", startedAt: "2026-03-11T00:00:00.000Z" },
      unitsCompared: 3,
      unitsNew: 0,
      unitsMissing: 0,
      regressions: [
        {
          kind: "unit",
          unitId: "api@m1#r0",
          scenarioId: "api",
          model: "m1",
          repeat: 0,
          before: "passed",
          after: "failed",
        },
      ],
      improvements: [],
    };
    store.record({ ...base, comparison: buildComparison(base, { models: ["m1", "m2"] }), regressions });
    store.record(buildRunResult([units[0]!], { runId: "r1", startedAt: "2026-03-11T00:00:00.000Z" }));
    expect(store.listRuns()).toEqual([
      {
        runId: "r1",
        startedAt: "2026-03-11T00:00:00.000Z",
        finishedAt: "2026-03-11T09:00:05.000Z",
        command: "run",
        status: "completed",
        models: ["m2"],
        total: 1,
        passed: 1,
        failed: 0,
        errored: 0,
        interrupted: 0,
        skipped: 0,
        rates: [{ model: "m2", metric: "pass-rate", successes: 1, n: 1 }],
      },
      {
        runId: "r2",
        startedAt: "2026-03-12T00:00:00.000Z",
        finishedAt: "2026-03-11T09:00:05.000Z",
        command: "compare",
        status: "completed",
        models: ["m1", "m2"],
        total: 3,
        passed: 2,
        failed: 1,
        errored: 0,
        interrupted: 0,
        skipped: 0,
        rates: [
          { model: "m1", metric: "pass-rate", successes: 1, n: 2 },
          { model: "m2", metric: "pass-rate", successes: 1, n: 1 },
          { model: "m2", metric: "quiet", successes: 1, n: 1 },
        ],
        baseline: { runId: "r1", regressions: 1, improvements: 0 },
      },
    ]);
    expect(store.latestRun()).toEqual({ runId: "r2", startedAt: "2026-03-12T00:00:00.000Z" });
    expect(store.loadSnapshot("r2")).toEqual({
      runId: "r2",
      startedAt: "2026-03-12T00:00:00.000Z",
      units: [
        { unitId: "api@m1#r0", scenarioId: "api", model: "m1", repeat: 0, status: "failed" },
        { unitId: "api@m2#r0", scenarioId: "api", model: "m2", repeat: 0, status: "passed" },
        { unitId: "cron#a@m1#r0", scenarioId: "cron#a", model: "m1", repeat: 0, status: "passed" },
      ],
      rates: [
        { model: "m1", metric: "pass-rate", successes: 1, n: 2 },
        { model: "m2", metric: "pass-rate", successes: 1, n: 1 },
        { model: "m2", metric: "quiet", successes: 1, n: 1 },
      ],
    });
    expect(store.loadSnapshot("nope")).toBeUndefined();
    store.close();
    expect([countRows(path, "expectations"), countRows(path, "comparisons"), countRows(path, "regressions")]).toEqual([
      4, 1, 1,
    ]);
  });

  it("opens a database written before the schema had a version, keeps its runs and backfills their pass rates", () => {
    const path = join(makeTempDir(), "history.sqlite");
    const legacy = new Database(path);
    legacy.exec(HISTORY_MIGRATIONS[0] ?? "");
    legacy
      .prepare(
        "INSERT INTO runs VALUES ('old', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z', 'completed', 3, 1, 1, 0, 0, 1, NULL, 60000)",
      )
      .run();
    const insertUnit = legacy.prepare("INSERT INTO units VALUES ('old', ?, ?, 'm1', 0, ?, 10, 0, 0, NULL)");
    insertUnit.run("api@m1#r0", "api", "passed");
    insertUnit.run("cron@m1#r0", "cron", "failed");
    insertUnit.run("memo@m1#r0", "memo", "skipped");
    expect(legacy.pragma("user_version", { simple: true })).toBe(0);
    legacy.close();

    const store = openHistoryStore(path);
    expect(store.listRuns()).toEqual([
      expect.objectContaining({
        runId: "old",
        command: "run",
        models: ["m1"],
        rates: [{ model: "m1", metric: "pass-rate", successes: 1, n: 2 }],
      }),
    ]);
    store.record(buildRunResult([buildUnitResult({ scenarioId: "api", model: "m1" })], { runId: "new" }));
    expect(store.loadSnapshot("old")?.units.map((unit) => unit.status)).toEqual(["passed", "failed", "skipped"]);
    expect(store.runCount()).toBe(2);
    store.close();
    const check = new Database(path, { readonly: true });
    expect(check.pragma("user_version", { simple: true })).toBe(HISTORY_SCHEMA_VERSION);
    check.close();
  });

  it("refuses a database of a newer schema version with a message saying what to do, and leaves it as it was", () => {
    const path = join(makeTempDir(), "history.sqlite");
    const newer = new Database(path);
    newer.pragma(`user_version = ${HISTORY_SCHEMA_VERSION + 1}`);
    newer.exec("CREATE TABLE future (x)");
    newer.close();
    expect(() => openHistoryStore(path)).toThrow(
      new RegExp(
        `history schema version ${HISTORY_SCHEMA_VERSION + 1} is newer than this claw-eval reads.*use a newer claw-eval`,
      ),
    );
    const check = new Database(path, { readonly: true });
    expect(check.pragma("user_version", { simple: true })).toBe(HISTORY_SCHEMA_VERSION + 1);
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: "future" }]);
    check.close();
  });
});
