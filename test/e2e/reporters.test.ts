import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

const FAILING = "test/fixtures/failing-scenarios";
const ANSI = "\u001b[";

function onlyResult(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

describe("reporters and colour (real binary)", () => {
  it(
    "prints GitHub ::error annotations under GITHUB_ACTIONS=true, at the failing expectation or turn",
    async () => {
      const out = makeTempDir();
      const run = await runCliProcess(["run", FAILING, "--out", out], {
        cwd: PROJECT_ROOT,
        env: { GITHUB_ACTIONS: "true" },
      });
      expect(run.code).toBe(1);
      const annotations = run.stdout.split("\n").filter((line) => line.startsWith("::error "));
      expect(annotations).toHaveLength(3);
      expect(annotations).toContain(
        `::error file=${FAILING}/reply-contains-mismatch.yaml,line=13,title=reply-contains-mismatch@scripted~1 failed::turn 1 reply-contains: reply does not contain "umbrella"`,
      );
      expect(annotations.find((line) => line.includes("script-exhausted"))).toMatch(
        new RegExp(
          `^::error file=${FAILING}/script-exhausted.yaml,line=10,title=script-exhausted@scripted~1 errored::turn 1: model scripted: script exhausted`,
        ),
      );
      // The default reporters still ran: the console summary and the files.
      expect(run.stdout).toMatch(/^0 passed, 2 failed, 1 errored$/m);
      expect(onlyResult(out).units).toHaveLength(3);

      const plain = await runCliProcess(["run", FAILING, "--out", makeTempDir()], { cwd: PROJECT_ROOT });
      expect(plain.stdout).not.toContain("::error");
    },
    cliTimeout(2),
  );

  it(
    "colours a pipe only with FORCE_COLOR; the dot reporter prints one mark per unit",
    async () => {
      const args = ["run", FAILING, "--reporter", "dot", "--out", makeTempDir()];
      const piped = await runCliProcess(args, { cwd: PROJECT_ROOT });
      expect(piped.code).toBe(1);
      expect(piped.stdout).not.toContain(ANSI);
      expect(piped.stdout.split("\n")[0]).toMatch(/^[FE]{3}$/);
      expect(piped.stdout).toMatch(/^0 passed, 2 failed, 1 errored$/m);
      const forced = await runCliProcess(args, { cwd: PROJECT_ROOT, env: { FORCE_COLOR: "1" } });
      expect(forced.stdout).toContain(`${ANSI}31mF${ANSI}39m`);
      const disabled = await runCliProcess(args, { cwd: PROJECT_ROOT, env: { FORCE_COLOR: "0" } });
      expect(disabled.stdout).not.toContain(ANSI);
    },
    cliTimeout(3),
  );

  it(
    "shows injected faults in the console and keeps them as events in results.json",
    async () => {
      const out = makeTempDir();
      const run = await runCliProcess(
        [
          "run",
          "scenarios/basics/echo.yaml",
          "--faults",
          "rate=1,kinds=empty",
          "--reporter",
          "console,json",
          "--out",
          out,
        ],
        { cwd: PROJECT_ROOT },
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("turn 1 fault injected: empty (attempt 1)");
      expect(run.stdout).toMatch(/^0 passed, \d+ failed, \d+ faults? injected$/m);
      const events = onlyResult(out).units.flatMap((unit) => unit.turns.flatMap((turn) => turn.events));
      expect(events.filter((event) => event.type === "fault_injected")[0]).toMatchObject({
        type: "fault_injected",
        kind: "empty",
        attempt: 1,
      });
    },
    cliTimeout(1),
  );

  it(
    "compare names itself in its first line",
    async () => {
      const run = await runCliProcess(
        ["compare", "scenarios/basics/echo.yaml", "-m", "scripted:echo", "-m", "scripted", "--reporter", "console"],
        { cwd: PROJECT_ROOT, env: { CI: "true" } },
      );
      expect(run.stdout).toMatch(/^claw-eval compare \S+: 2 units\n/);
      expect(run.stdout).not.toContain("claw-eval run");
    },
    cliTimeout(1),
  );
});
