import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

function expectations(...items: string[]) {
  const text = `name: x\nturns:\n  - user: hi\n    expect:\n${items.map((item) => `      - ${item}`).join("\n")}\n`;
  const parsed = parseScenarioText({ text, file: "s.yaml" });
  if (!parsed.ok) return parsed.diagnostics.map(formatDiagnostic);
  const result = normaliseScenario({ scenarioFile: parsed.value, path: "/s.yaml", fileId: "s", locate: parsed.locate });
  if ("diagnostics" in result) return result.diagnostics.map(formatDiagnostic);
  return result.scenario.turns[0]?.expect.map(({ location: _, ...rest }) => rest);
}

describe("tool-not-called", () => {
  it("takes a bare name or { name, input? } like tool-called", () => {
    expect(
      expectations(
        "tool-not-called: write",
        "tool-not-called: { name: write }",
        'tool-not-called: { name: exec, input: { command: "rm -rf /" } }',
      ),
    ).toEqual([
      { type: "tool-not-called", name: "write" },
      { type: "tool-not-called", name: "write" },
      { type: "tool-not-called", name: "exec", input: { command: "rm -rf /" } },
    ]);
  });

  it("rejects other keys, suggesting a close one", () => {
    expect(expectations("tool-not-called: { name: write, inptu: {} }")).toEqual([
      's.yaml:5:41: turns[0].expect[0].tool-not-called: expected a tool-not-called key, found key "inptu" (did you mean input?)',
    ]);
  });
});

describe("cost-max", () => {
  it("takes US dollars for the turn, or { usd, per: turn | unit }", () => {
    expect(expectations("cost-max: 0.05", "cost-max: { usd: 1 }", "cost-max: { usd: 0.5, per: unit }")).toEqual([
      { type: "cost-max", maxUsd: 0.05, per: "turn" },
      { type: "cost-max", maxUsd: 1, per: "turn" },
      { type: "cost-max", maxUsd: 0.5, per: "unit" },
    ]);
  });

  it("rejects a negative amount and an unknown scope", () => {
    expect(expectations("cost-max: -1", "cost-max: { usd: 1, per: week }")).toEqual([
      "s.yaml:5:19: turns[0].expect[0].cost-max: expected a non-negative number of US dollars, found number -1",
      's.yaml:6:34: turns[0].expect[1].cost-max.per: expected turn or unit, found string "week"',
    ]);
  });
});
