import { describe, expect, it } from "vitest";
import type { RunResult, UnitResult } from "../../src/domain/index.js";
import { createConsoleReporter } from "../../src/reporters/console-reporter.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

function play(options: { interactive: boolean; color?: boolean }, units: UnitResult[], result: RunResult): string[] {
  const chunks: string[] = [];
  const reporter = createConsoleReporter({
    write: (text) => chunks.push(text),
    interactive: options.interactive,
    color: options.color ?? false,
  });
  reporter.onRunStart({ runId: result.runId, total: units.length });
  const progress = { done: 0, total: units.length, passed: 0, failed: 0, errored: 0 };
  for (const unit of units) {
    progress.done += 1;
    if (unit.status === "passed" || unit.status === "failed" || unit.status === "errored") progress[unit.status] += 1;
    reporter.onUnitEnd(unit, { ...progress });
  }
  reporter.onRunEnd(result);
  return chunks;
}

const units = [
  buildUnitResult({ scenarioId: "api", repeat: 0 }),
  buildUnitResult({ scenarioId: "api", repeat: 1, status: "failed" }),
  buildUnitResult({ scenarioId: "beat", status: "errored" }),
  buildUnitResult({ scenarioId: "beat", repeat: 1, status: "skipped" }),
];

describe("createConsoleReporter", () => {
  it("prints one line per unit, the table, failure details and the final counts in CI", () => {
    const output = play({ interactive: false }, units, buildRunResult(units)).join("");
    expect(output).toBe(`claw-eval run run-1: 4 units
✓ api@scripted#r0 (1.2 s)
✗ api@scripted#r1 (1.2 s)
! beat@scripted#r0 (1.2 s)
↓ beat@scripted#r1 (1.2 s)

┌──────────┬────────┬────────┬─────────┬─────────────┬─────────┬───────────┬───────┬───────────┐
│ Model    │ Passed │ Failed │ Errored │ Interrupted │ Skipped │ Pass rate │  Cost │ Unit time │
├──────────┼────────┼────────┼─────────┼─────────────┼─────────┼───────────┼───────┼───────────┤
│ scripted │      1 │      1 │       1 │           0 │       1 │     33.3% │ $0.00 │     4.8 s │
└──────────┴────────┴────────┴─────────┴─────────────┴─────────┴───────────┴───────┴───────────┘
Unit time: the units' durations summed (units run in parallel; the run's wall time is below).

✗ api@scripted#r1 failed
  file: scenarios/api.yaml
  turn 1 reply-contains: reply does not contain GraphQL (scenarios/api.yaml:12:9)
    expected: GraphQL
    actual: We chose REST.

! beat@scripted#r0 errored
  file: scenarios/beat.yaml
  error: model call failed: 500 server error

flaky:
  api [scripted]: 1/2 passed

run run-1 completed in 4.8 s, cost $0.00
1 passed, 1 failed, 1 errored, 1 skipped
`);
  });

  it("ends with only passed and failed counts when nothing else happened", () => {
    const passed = [0, 1, 2].map((repeat) => buildUnitResult({ repeat }));
    const output = play({ interactive: false }, passed, buildRunResult(passed)).join("");
    expect(output.endsWith("\n3 passed, 0 failed\n")).toBe(true);
  });

  it("indents multi-line expected and actual values and shows unknown cost", () => {
    const failed = buildExpectationResult({
      pass: false,
      message: "reply differs",
      expected: "one\ntwo",
      actual: "three",
    });
    const unit = buildUnitResult(
      { status: "failed", model: "openai:mystery" },
      {
        turns: [buildTurnResult({ expectations: [failed] })],
        costUsd: null,
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
      },
    );
    const output = play({ interactive: false }, [unit], buildRunResult([unit])).join("");
    expect(output).toContain("    expected:\n      one\n      two\n    actual: three\n");
    expect(output).toContain(
      "│ openai:mystery │      0 │      1 │       0 │           0 │       0 │      0.0% │ unknown │     1.2 s │",
    );
    expect(output).toContain("run run-1 completed in 1.2 s, cost unknown\n");
  });

  it("redraws a single progress line in a terminal and clears it at the end", () => {
    const chunks = play({ interactive: true }, units.slice(0, 2), buildRunResult(units.slice(0, 2)));
    expect(chunks.slice(0, 5)).toEqual([
      "\r[0/2] ✓ 0 ✗ 0 ! 0  ",
      "\r[1/2] ✓ 1 ✗ 0 ! 0  api@scripted#r0",
      `\r${" ".repeat(34)}\r`,
      "✗ api@scripted#r1 (1.2 s)\n",
      "\r[2/2] ✓ 1 ✗ 1 ! 0  api@scripted#r1",
    ]);
    expect(chunks[5]).toBe(`\r${" ".repeat(34)}\r`);
    expect(chunks[6]?.endsWith("\n1 passed, 1 failed\n")).toBe(true);
    expect(chunks.filter((chunk) => chunk !== "")).toHaveLength(7);
  });

  it("pads a shorter progress line over a longer one", () => {
    const long = buildUnitResult({ scenarioId: "a-much-longer-scenario-id" });
    const short = buildUnitResult({ scenarioId: "b" });
    const chunks = play({ interactive: true }, [long, short], buildRunResult([long, short]));
    expect(chunks[2]).toBe(`\r[2/2] ✓ 2 ✗ 0 ! 0  b@scripted#r0${" ".repeat(24)}`);
  });

  it("colours only when asked", () => {
    const plain = play({ interactive: false, color: false }, units, buildRunResult(units)).join("");
    const coloured = play({ interactive: false, color: true }, units, buildRunResult(units)).join("");
    expect(plain).not.toContain("\u001b[");
    expect(coloured).toContain("\u001b[32m✓\u001b[39m");
  });
});
