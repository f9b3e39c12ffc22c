import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { STATUS_MARKS } from "../../src/reporters/console-reporter.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** A non-interactive console reporter line for a finished unit: a status mark, then the unit id. */
const FINISHED_UNIT_LINE = new RegExp(
  `^[${[STATUS_MARKS.passed, STATUS_MARKS.failed, STATUS_MARKS.errored, STATUS_MARKS.interrupted].join("")}] \\S`,
  "m",
);

function onlyRun(out: string): { dir: string; result: RunResult } {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  const dir = join(out, runs[0] ?? "");
  return { dir, result: JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as RunResult };
}

describe("claw-eval run (real binary)", () => {
  it("exits 0 on the shipped suite and writes every report", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(["run", "scenarios/", "--out", out], { cwd: PROJECT_ROOT });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const { dir, result } = onlyRun(out);
    expect(result.summary.failed + result.summary.errored).toBe(0);
    expect(result.summary.passed).toBeGreaterThanOrEqual(10);
    expect(run.stdout).toMatch(new RegExp(`^${result.summary.passed} passed, 0 failed$`, "m"));
    for (const file of ["junit.xml", "summary.md", "index.html"]) expect(existsSync(join(dir, file))).toBe(true);
    expect(existsSync(join(out, "history.sqlite"))).toBe(true);
    expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain(`tests="${result.summary.total}"`);
  });

  it("exits 1 when expectations fail or a unit errors, showing expected vs actual", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(["run", "test/fixtures/failing-scenarios", "--out", out], { cwd: PROJECT_ROOT });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('expected: "umbrella"');
    expect(run.stdout).toContain("actual: no tool calls");
    expect(run.stdout).toContain('script exhausted: scenario "script-exhausted" turn 1');
    expect(run.stdout).toMatch(/^0 passed, 2 failed, 1 errored$/m);
    const { result } = onlyRun(out);
    expect(result.units.map((unit) => unit.status).sort()).toEqual(["errored", "failed", "failed"]);
  });

  it("exits 2 listing every invalid file, and runs nothing", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(["run", "test/fixtures/invalid-scenarios", "--out", out], { cwd: PROJECT_ROOT });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'test/fixtures/invalid-scenarios/misspelt-top-level-key.yaml:5:1: expected a scenario key, found key "tunrs" (did you mean turns?)',
    );
    expect(run.stderr).toContain("(did you mean reply-contains?)");
    expect(run.stderr).toContain("yaml-syntax-error.yaml:");
    expect(run.stderr).toContain("in 3 invalid files");
    expect(readdirSync(out)).toEqual([]);
  });

  it("exits 2 on usage errors: unknown model, bad shard, unknown reporter, nothing matched", async () => {
    const cases: [string[], RegExp][] = [
      [["--model", "nope:x"], /unknown model "nope:x"/],
      [["--shard", "3/2"], /--shard: expected i\/n/],
      [["--reporter", "xml"], /--reporter: expected one of/],
      [["--filter", "no-such-scenario-anywhere"], /No work units to run/],
      [["--bogus"], /unknown option/],
    ];
    for (const [flags, message] of cases) {
      const run = await runCliProcess(["run", "scenarios/basics", "--out", makeTempDir(), ...flags], {
        cwd: PROJECT_ROOT,
      });
      expect({ flags, code: run.code }).toEqual({ flags, code: 2 });
      expect(run.stderr).toMatch(message);
    }
  });

  it("exits 3 on an interrupt and still writes the finished results", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(
      [
        "run",
        "scenarios/basics/echo.yaml",
        "test/fixtures/e2e/hanging-scenario.yaml",
        "--concurrency",
        "1",
        "--out",
        out,
      ],
      // Piped stdout is not a terminal, so the console reporter prints one line per finished unit
      // (`✓ echo@scripted~1 (12 ms)`). The runner starts the hanging unit before the child can
      // handle the signal, so interrupting on the first such line always catches it running.
      { cwd: PROJECT_ROOT, interruptWhen: ({ stdout }) => FINISHED_UNIT_LINE.test(stdout) },
    );
    expect(run.stdout).toMatch(/^✓ echo@/m);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("Run interrupted");
    const { result } = onlyRun(out);
    expect(result.status).toBe("interrupted");
    expect(result.units.map((unit) => [unit.scenarioId, unit.status])).toEqual([
      ["echo", "passed"],
      ["hanging-scenario", "interrupted"],
    ]);
  });

  it("times out a hanging scenario with --timeout as an errored unit (exit 1)", async () => {
    const out = makeTempDir();
    const run = await runCliProcess(
      ["run", "test/fixtures/e2e/hanging-scenario.yaml", "--timeout", "0.3", "--out", out],
      {
        cwd: PROJECT_ROOT,
      },
    );
    expect(run.code).toBe(1);
    const { result } = onlyRun(out);
    expect(result.units[0]?.status).toBe("errored");
    expect(result.units[0]?.error).toMatch(/timed out after 0.3 s/);
  });
});
