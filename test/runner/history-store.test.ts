import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openHistoryStore } from "../../src/runner/history-store.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";
import { makeTempDir } from "../support/run-cli.js";

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
  });
});
