import { describe, expect, it } from "vitest";
import { formatDiagnostic, type Scenario } from "../../src/domain/index.js";
import { copyScenario, materialiseScenario } from "../../src/scenarios/lazy-case-turns.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { normaliseScenarioCases } from "../../src/scenarios/normalise-scenario-cases.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

const folder = "/suite/scenarios";

function parse(text: string) {
  const parsed = parseScenarioText({ text, file: "s.yaml" });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
  return parsed;
}

function file(text: string) {
  const parsed = parse(text);
  return {
    scenarioFile: parsed.value,
    path: `${folder}/s.yaml`,
    displayPath: "s.yaml",
    fileId: "s",
    locate: parsed.locate,
  };
}

function casesOf(text: string, cases: Record<string, unknown>[]): Scenario[] {
  const result = normaliseScenarioCases({
    ...file(text),
    cases: cases.map((fields, index) => ({ index, id: String(fields.city), fields })),
  });
  if ("diagnostics" in result) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
  return result.scenarios;
}

function written(text: string): Scenario {
  const result = normaliseScenario(file(text));
  if ("diagnostics" in result) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
  return result.scenario;
}

const CASE_FILE = `name: "weather in {{ city }}"
turns:
  - user: "Weather in {{city}}?"
    script:
      - tool: weather
        input: { place: "{{city}}", deep: "{{temp}}" }
      - text: "{{temp}} degrees"
    expect:
      - reply-contains: ["{{temp}} degrees", plain]
      - reply-matches: "/{{temp}}/i"
  - heartbeat: true
`;

/** `CASE_FILE` as a file written with Oslo's values: same lines and columns. */
const OSLO_FILE = `name: "weather in Oslo"
turns:
  - user: "Weather in Oslo?"
    script:
      - tool: weather
        input: { place: "Oslo", deep: -2 }
      - text: "-2 degrees"
    expect:
      - reply-contains: ["-2 degrees", plain]
      - reply-matches: "/-2/i"
  - heartbeat: true
`;

const CITIES = [
  { city: "Paris", temp: 18 },
  { city: "Oslo", temp: -2 },
];

describe("turns of data-driven cases", () => {
  it("are not kept by a case scenario but built again, equal to the same file written with the case's values", () => {
    const oslo = casesOf(CASE_FILE, CITIES)[1];
    if (oslo === undefined) throw new Error("no scenario");
    const descriptor = Object.getOwnPropertyDescriptor(oslo, "turns");
    expect(descriptor !== undefined && "value" in descriptor).toBe(false);
    expect([typeof descriptor?.get, descriptor?.enumerable]).toEqual(["function", true]);
    const expected = written(OSLO_FILE);
    expect(oslo.turns).toEqual(expected.turns);
    expect(oslo.turns[0]?.text).toBe("Weather in Oslo?");
    expect([oslo.id, oslo.caseId, oslo.name]).toEqual(["s#Oslo", "Oslo", "weather in Oslo"]);
    expect(JSON.parse(JSON.stringify(oslo)).turns).toEqual(JSON.parse(JSON.stringify(expected.turns)));
  });

  it("are each case's own", () => {
    const [paris, oslo] = casesOf(CASE_FILE, CITIES);
    expect(paris?.turns[0]?.script[1]).toEqual({ kind: "text", text: "18 degrees" });
    expect(oslo?.turns[0]?.script[1]).toEqual({ kind: "text", text: "-2 degrees" });
  });

  it("are kept once by a materialised scenario, which is otherwise the same", () => {
    const oslo = casesOf(CASE_FILE, CITIES)[1];
    if (oslo === undefined) throw new Error("no scenario");
    const materialised = materialiseScenario(oslo);
    expect(materialised).not.toBe(oslo);
    expect(Object.getOwnPropertyDescriptor(materialised, "turns")?.value).toEqual(written(OSLO_FILE).turns);
    expect(materialised.turns).toBe(materialised.turns);
    expect(materialised).toEqual(oslo);
    expect(Object.keys(materialised)).toEqual(Object.keys(oslo));
  });

  it("stay lazy in a copy with changes, and the original is unchanged", () => {
    const oslo = casesOf(CASE_FILE, CITIES)[1];
    if (oslo === undefined) throw new Error("no scenario");
    const streamed = copyScenario(oslo, { stream: true });
    expect([streamed.stream, oslo.stream]).toEqual([true, false]);
    expect(typeof Object.getOwnPropertyDescriptor(streamed, "turns")?.get).toBe("function");
    expect(streamed.turns).toEqual(oslo.turns);
    expect({ ...streamed, stream: false }).toEqual(oslo);
  });

  it("are kept, shared by every case, when no case fills them", () => {
    const text = 'name: "weather in {{ city }}"\nturns:\n  - user: "Weather?"\n';
    const [paris, oslo] = casesOf(text, CITIES);
    expect(Object.getOwnPropertyDescriptor(paris ?? {}, "turns")?.value).toBeDefined();
    expect(paris?.turns[0]).toBe(oslo?.turns[0]);
    expect(paris?.name).toBe("weather in Paris");
    if (paris !== undefined) expect(materialiseScenario(paris)).toBe(paris);
    if (paris !== undefined) expect(copyScenario(paris, { stream: true }).turns).toBe(paris.turns);
  });
});
