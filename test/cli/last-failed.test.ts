import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadLastFailed } from "../../src/cli/load-last-failed.js";
import { selectLastFailed } from "../../src/cli/select-last-failed.js";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import type { WorkUnit } from "../../src/runner/plan-units.js";
import { makeTempDir } from "../support/run-cli.js";

const fs = createNodeFileSystem();

function writeRun(out: string, runId: string, units: { unitId: string; status: string }[]): void {
  mkdirSync(join(out, runId), { recursive: true });
  writeFileSync(join(out, runId, "results.json"), JSON.stringify({ runId, units }));
}

describe("loadLastFailed", () => {
  it("reads the newest run folder's failed, errored and interrupted units", async () => {
    const out = makeTempDir("claw-eval-last-");
    expect(await loadLastFailed({ fs, outDir: join(out, "missing") })).toEqual({ kind: "none" });
    writeRun(out, "20260101-090000-000", [{ unitId: "old", status: "failed" }]);
    writeRun(out, "20260102-090000-000", [
      { unitId: "a", status: "passed" },
      { unitId: "b", status: "failed" },
    ]);
    writeRun(out, "20260102-090000-000-2", [
      { unitId: "c", status: "errored" },
      { unitId: "d", status: "interrupted" },
      { unitId: "e", status: "skipped" },
    ]);
    mkdirSync(join(out, "20260103-090000-000"));
    mkdirSync(join(out, "not-a-run"));
    expect(await loadLastFailed({ fs, outDir: out })).toEqual({
      kind: "found",
      runId: "20260102-090000-000-2",
      unitIds: new Set(["c", "d"]),
    });
  });

  it("says why a results.json cannot be read", async () => {
    const out = makeTempDir("claw-eval-last-");
    mkdirSync(join(out, "20260102-090000-000"));
    writeFileSync(join(out, "20260102-090000-000", "results.json"), "{ not json");
    const last = await loadLastFailed({ fs, outDir: out });
    expect(last.kind).toBe("unreadable");
  });
});

describe("selectLastFailed", () => {
  const units = ["a", "b", "c"].map((unitId) => ({ unitId }) as WorkUnit);
  const ids = (selected: { units: WorkUnit[] }) => selected.units.map((unit) => unit.unitId);

  it("keeps the units that failed last time, and runs everything when there is nothing to go on", () => {
    const found = selectLastFailed({
      units,
      last: { kind: "found", runId: "r1", unitIds: new Set(["b", "z"]) },
      out: "reports",
    });
    expect(ids(found)).toEqual(["b"]);
    expect(found.note).toBe("--last-failed: running the 1 unit(s) that failed in run r1\n");
    const none = selectLastFailed({ units, last: { kind: "none" }, out: "reports" });
    expect(ids(none)).toEqual(["a", "b", "c"]);
    expect(none.note).toBe("--last-failed: no earlier run with a results.json in reports: running every unit\n");
    const passed = selectLastFailed({
      units,
      last: { kind: "found", runId: "r2", unitIds: new Set() },
      out: "reports",
    });
    expect(passed.note).toBe("--last-failed: no unit failed in the last run (r2): running every unit\n");
    expect(ids(passed)).toEqual(["a", "b", "c"]);
  });
});
