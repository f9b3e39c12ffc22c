import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/create-program.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { HISTORY_SCHEMA_VERSION, openHistoryStore } from "../../src/runner/history-store.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";
import { makeTempDir } from "../support/run-cli.js";

async function cli(root: string, args: readonly string[]) {
  const host = createTestHost({ cwd: root });
  const code = await runCli(args, { host, signal: new AbortController().signal });
  return { code, ...host.output };
}

function recordTwoRuns(root: string): void {
  mkdirSync(join(root, "reports"));
  const store = openHistoryStore(join(root, "reports", "history.sqlite"));
  const units = (status: "passed" | "failed") => [
    buildUnitResult({ scenarioId: "api", model: "m1" }),
    buildUnitResult({ scenarioId: "cron", model: "m1", status }),
  ];
  store.record(
    buildRunResult(units("passed"), { runId: "20260310-090000-000", startedAt: "2026-03-10T09:00:00.000Z" }),
  );
  store.record(
    buildRunResult(units("failed"), { runId: "20260311-090000-000", startedAt: "2026-03-11T09:00:00.000Z" }),
  );
  store.close();
}

describe("claw-eval history (in-process)", () => {
  it("prints one row per run and model with the pass rate and its trend, oldest first", async () => {
    const root = makeTempDir("claw-eval-history-");
    recordTwoRuns(root);
    const result = await cli(root, ["history"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const rows = result.stdout.split("\n").filter((line) => line.includes("2026031"));
    expect(
      rows.map((row) =>
        row
          .split("│")
          .map((cell) => cell.trim())
          .filter(Boolean),
      ),
    ).toEqual([
      ["20260310-090000-000", "2026-03-10T09:00:00.000Z", "run", "2", "m1", "100.0% [34.2–100.0] n=2"],
      ["20260311-090000-000", "2026-03-11T09:00:00.000Z", "run", "2", "m1", "50.0% [9.5–90.5] n=2", "↓ down"],
    ]);
    expect(result.stdout).toContain("2 runs, oldest first.");
  });

  it("exits 2 on a database written by a newer claw-eval, for history and for --baseline", async () => {
    const root = makeTempDir("claw-eval-history-");
    mkdirSync(join(root, "reports"));
    const db = new Database(join(root, "reports", "history.sqlite"));
    db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION + 5}`);
    db.close();
    const history = await cli(root, ["history", "--json"]);
    expect(history.code).toBe(2);
    expect(history.stdout).toBe("");
    expect(history.stderr).toContain(
      `history schema version ${HISTORY_SCHEMA_VERSION + 5} is newer than this claw-eval`,
    );
    const run = await cli(root, ["run", "scenarios", "--baseline", "latest"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--baseline: cannot read the history database:");
  });

  it("refuses --fail-on-regression without --baseline, and an unknown id naming the history command", async () => {
    const root = makeTempDir("claw-eval-history-");
    recordTwoRuns(root);
    const alone = await cli(root, ["run", "scenarios", "--fail-on-regression"]);
    expect(alone).toMatchObject({ code: 2 });
    expect(alone.stderr).toContain("--fail-on-regression needs --baseline <run-id|latest>");
    const unknown = await cli(root, ["run", "scenarios", "--baseline", "20260312-090000-000"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '--baseline: no run "20260312-090000-000" in ' +
        `${join(root, "reports", "history.sqlite")}; \`claw-eval history\` lists the recorded run ids`,
    );
  });
});
