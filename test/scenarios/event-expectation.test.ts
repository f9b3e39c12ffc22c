import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { normaliseScenarioCases } from "../../src/scenarios/normalise-scenario-cases.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

function expectations(...items: string[]) {
  const text = `name: x\nturns:\n  - user: hi\n    expect:\n${items.map((item) => `      - ${item}`).join("\n")}\n`;
  const parsed = parseScenarioText({ text, file: "s.yaml" });
  if (!parsed.ok) return parsed.diagnostics.map(formatDiagnostic);
  const result = normaliseScenario({ scenarioFile: parsed.value, path: "/s.yaml", fileId: "s", locate: parsed.locate });
  if ("diagnostics" in result) return result.diagnostics.map(formatDiagnostic);
  return result.scenario.turns[0]?.expect.map(({ location: _, ...rest }) => rest);
}

describe("event in scenario files", () => {
  it("takes the event type, the fields to match (any value, nested too) and times", () => {
    expect(
      expectations(
        "event: { type: queue, action: steered }",
        "event: { type: run_timeout }",
        "event: { type: heartbeat, status: skipped, reason: requests-in-flight, times: 1 }",
        "event: { type: queue, action: dropped, times: 0 }",
        "event: { type: queue, turnIndexes: [1, 2], sessionKey: agent:main:main }",
        "event: { type: delivery, status: sent, to: { nested: true } }",
      ),
    ).toEqual([
      { type: "event", event: "queue", fields: { action: "steered" } },
      { type: "event", event: "run_timeout", fields: {} },
      { type: "event", event: "heartbeat", fields: { status: "skipped", reason: "requests-in-flight" }, times: 1 },
      { type: "event", event: "queue", fields: { action: "dropped" }, times: 0 },
      { type: "event", event: "queue", fields: { turnIndexes: [1, 2], sessionKey: "agent:main:main" } },
      { type: "event", event: "delivery", fields: { status: "sent", to: { nested: true } } },
    ]);
  });

  it("rejects an unknown event type and suggests the closest one", () => {
    expect(expectations("event: { type: run-timeout }")).toEqual([
      's.yaml:5:24: turns[0].expect[0].event.type: expected an event type, e.g. queue, heartbeat or run_timeout, found string "run-timeout" (did you mean run_timeout?)',
    ]);
    const [kebab] = expectations("event: { type: tool-execution-end }") as string[];
    expect(kebab).toContain("(did you mean tool_execution_end?)");
    const [far] = expectations("event: { type: lunch }") as string[];
    expect(far).toBe(
      's.yaml:5:24: turns[0].expect[0].event.type: expected an event type, e.g. queue, heartbeat or run_timeout, found string "lunch"',
    );
  });

  it("requires a type and a non-negative integer times", () => {
    expect(expectations("event: { action: steered }")).toEqual([
      "s.yaml:5:16: turns[0].expect[0].event.type: expected an event type, e.g. queue, heartbeat or run_timeout, found nothing",
    ]);
    expect(expectations("event: { type: queue, times: -1 }", "event: { type: queue, times: 1.5 }")).toEqual([
      "s.yaml:5:38: turns[0].expect[0].event.times: expected a non-negative integer, found number -1",
      "s.yaml:6:38: turns[0].expect[1].event.times: expected a non-negative integer, found number 1.5",
    ]);
    expect(expectations("event: queue")).toEqual([
      's.yaml:5:16: turns[0].expect[0].event: expected a mapping with type, times and the event fields to match, found string "queue"',
    ]);
  });

  it("reports a misspelt type or times key instead of matching it as a field", () => {
    expect(expectations("event: { type: queue, action: dropped, tmes: 0 }")).toEqual([
      's.yaml:5:48: turns[0].expect[0].event: expected an event key, found key "tmes" (did you mean times?)',
    ]);
    expect(expectations("event: { typ: queue }")).toEqual([
      's.yaml:5:18: turns[0].expect[0].event: expected an event key, found key "typ" (did you mean type?)',
    ]);
  });

  it("suggests event for a misspelt expectation key", () => {
    const [typo] = expectations("evnt: { type: queue }") as string[];
    expect(typo).toContain("did you mean event?");
  });
});

describe("event with data-driven cases", () => {
  function caseExpectations(fields: Record<string, unknown>) {
    const text = [
      "name: x",
      `cases: [${JSON.stringify(fields)}]`,
      "turns:",
      "  - user: hi",
      "    expect:",
      '      - event: { type: "{{kind}}", action: "{{action}}", times: "{{n}}" }',
      "",
    ].join("\n");
    const parsed = parseScenarioText({ text, file: "s.yaml" });
    if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
    const result = normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: "/s.yaml",
      fileId: "s",
      locate: parsed.locate,
      cases: [{ index: 0, fields }],
      ...(parsed.caseUnits === undefined ? {} : { caseUnits: parsed.caseUnits }),
    });
    if (!("scenarios" in result)) return result.diagnostics.map(formatDiagnostic);
    return result.scenarios[0]?.turns[0]?.expect.map(({ location: _, ...rest }) => rest);
  }

  it("fills the type, a field and times from the case, with the case value's type", () => {
    expect(caseExpectations({ kind: "queue", action: "steered", n: 1 })).toEqual([
      { type: "event", event: "queue", fields: { action: "steered" }, times: 1 },
    ]);
  });

  it("checks the filled type like a written one", () => {
    expect(caseExpectations({ kind: "run-timeout", action: "x", n: 0 })).toEqual([
      '/s.yaml:6:24: turns[0].expect[0].event.type: expected an event type, e.g. queue, heartbeat or run_timeout, found string "run-timeout" in case #1 (did you mean run_timeout?)',
    ]);
  });
});

describe('docs/scenarios.md "Event expectations"', () => {
  it("has an example that loads", () => {
    const page = readFileSync(fileURLToPath(new URL("../../docs/scenarios.md", import.meta.url)), "utf8");
    const section = page.slice(page.indexOf("## Event expectations\n"));
    const example = /```yaml\nexpect:\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    const items = example
      .trimEnd()
      .split("\n")
      .map((line) => line.replace(/^\s*- /, "").replace(/\s+#.*$/, ""));
    expect(items).toHaveLength(4);
    expect(expectations(...items)).toEqual([
      { type: "event", event: "queue", fields: { action: "steered" } },
      { type: "event", event: "run_timeout", fields: {} },
      { type: "event", event: "heartbeat", fields: { status: "skipped", reason: "requests-in-flight" }, times: 1 },
      { type: "event", event: "queue", fields: { action: "dropped" }, times: 0 },
    ]);
  });
});
