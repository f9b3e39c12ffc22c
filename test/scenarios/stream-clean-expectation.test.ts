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

describe("stream-clean in scenario files", () => {
  it("takes true or false", () => {
    expect(expectations("stream-clean: true", "stream-clean: false")).toEqual([
      { type: "stream-clean", value: true },
      { type: "stream-clean", value: false },
    ]);
  });

  it("rejects anything else, and suggests the key for a typo", () => {
    expect(expectations('stream-clean: "yes"')).toEqual([
      's.yaml:5:23: turns[0].expect[0].stream-clean: expected true or false, found string "yes"',
    ]);
    const [typo] = expectations("stream-clen: true") as string[];
    expect(typo).toContain("did you mean stream-clean?");
  });
});
