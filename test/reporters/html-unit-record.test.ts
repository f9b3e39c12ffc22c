import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { createHtmlPromptTable } from "../../src/reporters/html-prompt-table.js";
import { readSpooledUnits } from "../../src/reporters/html-spooled-units.js";
import { buildHtmlUnitDetail, buildHtmlUnitRow } from "../../src/reporters/html-unit-record.js";
import { openResultsSpool } from "../../src/reporters/results-spool-store.js";
import { buildTurnResult, buildUnitResult } from "../support/build-results.js";
import { makeTempDir } from "../support/run-cli.js";

const base = { runId: "r", sessionKey: "agent:main:main" };

function callEvents(args: Record<string, unknown>): AgentEvent[] {
  return [
    {
      ...base,
      type: "message_end",
      message: {
        role: "assistant",
        content: [{ type: "tool_call", id: "c1", name: "write", input: { path: "a.md" } }],
        stopReason: "tool_use",
      },
    },
    { ...base, type: "tool_execution_start", toolCallId: "c1", toolName: "write", args },
  ];
}

describe("buildHtmlUnitDetail", () => {
  it("keeps a tool's input only when a hook changed it from what the call asked for", () => {
    const prompts = createHtmlPromptTable();
    const same = buildHtmlUnitDetail(
      buildUnitResult({}, { turns: [buildTurnResult({ events: callEvents({ path: "a.md" }) })] }),
      prompts,
    );
    expect(same.turns[0]?.events[1]).toEqual({
      sessionKey: base.sessionKey,
      type: "tool_execution_start",
      toolCallId: "c1",
      toolName: "write",
      argsAsCalled: true,
    });
    const changed = buildHtmlUnitDetail(
      buildUnitResult({}, { turns: [buildTurnResult({ events: callEvents({ path: "b.md" }) })] }),
      prompts,
    );
    expect(changed.turns[0]?.events[1]).toEqual({
      sessionKey: base.sessionKey,
      type: "tool_execution_start",
      toolCallId: "c1",
      toolName: "write",
      args: { path: "b.md" },
    });
  });

  it("stores each distinct system prompt once, in order of first use", () => {
    const prompts = createHtmlPromptTable();
    const turns = ["a", "b", "a"].map((systemPrompt, index) => buildTurnResult({ index, systemPrompt }));
    const detail = buildHtmlUnitDetail(buildUnitResult({}, { turns }), prompts);
    expect(detail.turns.map((turn) => turn.prompt)).toEqual([0, 1, 0]);
    expect(prompts.prompts.map((prompt) => prompt.text)).toEqual(["a", "b"]);
  });
});

describe("buildHtmlUnitRow", () => {
  it("counts failed expectations and injected faults and uses the scenario file as the scenario", () => {
    const fault = { ...base, type: "fault_injected", kind: "429", attempt: 1 } as AgentEvent;
    const unit = buildUnitResult({ scenarioId: "shop#a", status: "failed" });
    const row = buildHtmlUnitRow(
      { ...unit, turns: unit.turns.map((turn) => ({ ...turn, events: [fault, fault] })) },
      true,
    );
    expect(row).toMatchObject({
      scenarioId: "shop#a",
      scenario: "shop",
      failedExpectations: 1,
      faults: 2,
      flaky: true,
    });
  });
});

describe("readSpooledUnits", () => {
  it("reads back every unit, across reads that split a multi-byte character", () => {
    const units = [
      buildUnitResult({ scenarioId: "a" }, { turns: [buildTurnResult({ reply: "€".repeat(400_000) })] }),
      buildUnitResult({ scenarioId: "b" }, { error: "line one\n    },\n    {" }),
      buildUnitResult({ scenarioId: "c" }),
    ];
    const spool = openResultsSpool(makeTempDir("claw-eval-html-"));
    for (const unit of units) spool.add(unit);
    expect([...readSpooledUnits(spool)]).toEqual(units);
    spool.close();
  });
});
