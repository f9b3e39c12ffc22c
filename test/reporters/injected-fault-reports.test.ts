import { describe, expect, it } from "vitest";
import type { AgentEvent, FaultKind, UnitResult } from "../../src/domain/index.js";
import { createConsoleReporter } from "../../src/reporters/console-reporter.js";
import { totalInjectedFaults } from "../../src/reporters/list-injected-faults.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

function fault(kind: FaultKind, attempt: number): AgentEvent {
  return { type: "fault_injected", kind, attempt, runId: "r", sessionKey: "agent:main:main" };
}

function withFaults(unit: UnitResult, events: AgentEvent[]): UnitResult {
  return { ...unit, turns: [buildTurnResult({ ...unit.turns[0], events })] };
}

const units = [
  withFaults(buildUnitResult({ status: "failed" }), [fault("empty", 1)]),
  withFaults(buildUnitResult({ repeat: 1 }), [fault("429", 1), fault("5xx", 2)]),
  buildUnitResult({ repeat: 2 }),
];

describe("injected faults in the reports", () => {
  it("totals them by kind in FAULT_KINDS order", () => {
    expect(totalInjectedFaults(units)).toEqual({
      faults: 3,
      units: 2,
      byKind: [
        { kind: "429", count: 1 },
        { kind: "5xx", count: 1 },
        { kind: "empty", count: 1 },
      ],
    });
  });

  it("the console names each fault of a failed unit and counts them all at the end", () => {
    const chunks: string[] = [];
    const reporter = createConsoleReporter({ write: (text) => chunks.push(text), interactive: false, color: false });
    reporter.onRunEnd(buildRunResult(units));
    const output = chunks.join("");
    expect(output).toContain(
      "✗ api@scripted#r0 failed\n  file: scenarios/api.yaml\n  turn 1 fault injected: empty (attempt 1)\n",
    );
    expect(output).toContain("\n3 faults injected in 2 units (429 ×1, 5xx ×1, empty ×1)\n");
    expect(output.endsWith("\n2 passed, 1 failed, 3 faults injected\n")).toBe(true);
  });

  it("summary.md gives the totals and each failed unit's faults", () => {
    const markdown = renderMarkdownReport(buildRunResult(units));
    expect(markdown).toContain("\n3 faults injected in 2 units (429 ×1, 5xx ×1, empty ×1).\n");
    expect(markdown).toContain("- turn 1: fault injected: empty (attempt 1)\n");
  });

  it("says nothing about faults when none was injected", () => {
    const plain = [buildUnitResult(), buildUnitResult({ repeat: 1, status: "failed" })];
    const chunks: string[] = [];
    createConsoleReporter({ write: (text) => chunks.push(text), interactive: false, color: false }).onRunEnd(
      buildRunResult(plain),
    );
    expect(chunks.join("")).not.toContain("fault");
    expect(renderMarkdownReport(buildRunResult(plain))).not.toContain("fault");
  });
});
