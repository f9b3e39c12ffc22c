import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import type { HistoryListing } from "../../src/runner/build-history-listing.js";
import { cliTimeout, makeTempDir, runCliProcess } from "../support/run-cli.js";

function scenario(name: string, expected: string): string {
  return `name: ${name}
models: ["scripted:echo"]
turns:
  - user: hello
    expect:
      - reply-equals: ${expected}
`;
}

function runFolders(out: string): string[] {
  return readdirSync(out)
    .filter((entry) => !entry.startsWith("history"))
    .sort();
}

function readResult(out: string, runId: string): RunResult {
  return JSON.parse(readFileSync(join(out, runId, "results.json"), "utf8")) as RunResult;
}

describe("run history and baselines (real binary)", () => {
  it(
    "records every run, marks a planted regression against --baseline, and lists the runs with trends",
    async () => {
      const dir = makeTempDir();
      mkdirSync(join(dir, "scenarios"));
      writeFileSync(join(dir, "scenarios/steady.yaml"), scenario("steady", "hello"));
      writeFileSync(join(dir, "scenarios/planted.yaml"), scenario("planted", "hello"));
      const cli = (...args: string[]) => runCliProcess(args, { cwd: dir });

      const first = await cli("run", "scenarios", "--out", "out", "--baseline", "latest");
      expect(first.stderr).toContain("warning: --baseline latest: no run is recorded in");
      expect(first.code).toBe(0);
      const [firstId = ""] = runFolders(join(dir, "out"));

      // The planted regression: the scenario's expectation changes between runs.
      writeFileSync(join(dir, "scenarios/planted.yaml"), scenario("planted", "goodbye"));
      const second = await cli("run", "scenarios", "--out", "out", "--baseline", "latest");
      expect(second.code).toBe(1);
      const secondId = runFolders(join(dir, "out"))[1] ?? "";
      const result = readResult(join(dir, "out"), secondId);
      const planted = result.units.find((unit) => unit.scenarioId === "planted");
      expect(result.regressions).toEqual({
        baseline: { runId: firstId, startedAt: readResult(join(dir, "out"), firstId).startedAt },
        unitsCompared: 2,
        unitsNew: 0,
        unitsMissing: 0,
        regressions: [
          {
            kind: "unit",
            unitId: planted?.unitId,
            scenarioId: "planted",
            model: "scripted:echo",
            repeat: 0,
            before: "passed",
            after: "failed",
          },
        ],
        improvements: [],
      });
      expect(second.stdout).toContain(`Baseline ${firstId}`);
      expect(second.stdout).toContain(`Regressions:\n  ✗ ${planted?.unitId}: passed → failed`);
      expect(readFileSync(join(dir, "out", secondId, "summary.md"), "utf8")).toContain("### Regressions (1)");

      const failOn = await cli("run", "scenarios", "--out", "out", "--baseline", firstId, "--fail-on-regression");
      expect(failOn.code).toBe(1);
      // Against the run just before, the unit failed already: no regression, so exit 0 though a unit fails.
      const noRegression = await cli(
        "run",
        "scenarios",
        "--out",
        "out",
        "--baseline",
        "latest",
        "--fail-on-regression",
      );
      expect(noRegression.stdout).toMatch(/: 0 regressions, 0 improvements/);
      expect(noRegression.code).toBe(0);

      const unknown = await cli("run", "scenarios", "--out", "out", "--baseline", "20990101-000000-000");
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('--baseline: no run "20990101-000000-000" in');
      expect(unknown.stderr).toContain("`claw-eval history --out out` lists the recorded run ids");
      expect(runFolders(join(dir, "out"))).toHaveLength(4);

      const history = await cli("history", "--out", "out", "--json");
      expect(history.code).toBe(0);
      expect(history.stderr).toBe("");
      const listing = JSON.parse(history.stdout) as HistoryListing;
      const ids = runFolders(join(dir, "out"));
      expect(listing.runs.map((run) => run.runId)).toEqual(ids);
      expect(
        listing.runs.map((run) => [
          run.command,
          run.units,
          run.models.map((model) => [model.model, model.passRate.rate, model.trend]),
        ]),
      ).toEqual([
        ["run", 2, [["scripted:echo", 1, null]]],
        ["run", 2, [["scripted:echo", 0.5, "down"]]],
        ["run", 2, [["scripted:echo", 0.5, "same"]]],
        ["run", 2, [["scripted:echo", 0.5, "same"]]],
      ]);
      expect(listing.runs.map((run) => run.baseline?.regressions ?? null)).toEqual([null, 1, 1, 0]);

      const text = await cli("history", "--out", "out");
      expect(text.code).toBe(0);
      expect(text.stdout).toContain("↓ down");
      expect(text.stdout).toContain(`1 regressed, 0 improved vs ${firstId}`);
      expect(text.stdout).toContain("4 runs, oldest first.");
    },
    cliTimeout(7),
  );

  it(
    "compare --baseline marks a pass rate and a category rate whose interval fell below the baseline's",
    async () => {
      const dir = makeTempDir();
      mkdirSync(join(dir, "scenarios"));
      const planted = (expected: string) => `name: planted
turns:
  - user: hello
    expect:
      - reply-silent: false
      - reply-contains: ${expected}
`;
      writeFileSync(join(dir, "scenarios/planted.yaml"), planted("hello"));
      const args = ["compare", "scenarios", "-m", "scripted:echo", "-m", "simulated:steady", "--repeat", "8"];
      const cli = (...more: string[]) => runCliProcess([...args, "--out", "out", ...more], { cwd: dir });
      expect((await cli("--reporter", "json")).code).toBe(0);
      writeFileSync(join(dir, "scenarios/planted.yaml"), planted("goodbye"));
      const second = await cli("--reporter", "json", "--baseline", "latest", "--fail-on-regression");
      expect(second.code).toBe(1);
      const result = readResult(join(dir, "out"), runFolders(join(dir, "out"))[1] ?? "");
      const rates = result.regressions?.regressions.flatMap((change) =>
        change.kind === "rate" ? [[change.model, change.metric, change.before.n, change.after.rate]] : [],
      );
      // Both models reply with text containing "hello", so both regress on both rates.
      expect(rates).toEqual([
        ["scripted:echo", "pass-rate", 8, 0],
        ["scripted:echo", "reply-expected", 8, 0],
        ["simulated:steady", "pass-rate", 8, 0],
        ["simulated:steady", "reply-expected", 8, 0],
      ]);
      const units = result.regressions?.regressions.filter((change) => change.kind === "unit") ?? [];
      expect(units).toHaveLength(16);
    },
    cliTimeout(2),
  );

  it(
    "history of an --out with no runs is empty, and --json prints one document",
    async () => {
      const dir = makeTempDir();
      const result = await runCliProcess(["history", "--json", "--out", "nothing-here"], { cwd: dir });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ runs: [] });
      expect(result.stderr).toContain("No runs recorded in");
    },
    cliTimeout(1),
  );
});
