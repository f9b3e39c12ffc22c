import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, OWNER_ORIGIN, type Scenario, type TurnArrival } from "../../src/domain/index.js";
import { normaliseScenario, type ScenarioCase } from "../../src/scenarios/normalise-scenario.js";
import { normaliseScenarioCases } from "../../src/scenarios/normalise-scenario-cases.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

const folder = "/suite/scenarios";

function parse(text: string) {
  const parsed = parseScenarioText({ text, file: "s.yaml" });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
  return parsed;
}

function normalise(text: string, scenarioCase?: ScenarioCase) {
  const parsed = parse(text);
  return normaliseScenario({
    scenarioFile: parsed.value,
    path: `${folder}/s.yaml`,
    displayPath: "s.yaml",
    fileId: "s",
    locate: parsed.locate,
    ...(scenarioCase === undefined ? {} : { case: scenarioCase }),
  });
}

function scenarioOf(result: ReturnType<typeof normalise>): Scenario {
  if ("diagnostics" in result) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
  return result.scenario;
}

const at = (line: number, column: number) => ({ file: "s.yaml", line, column });
const SETTLED: TurnArrival = { kind: "settled" };

describe("normaliseScenario", () => {
  it("applies every default to a minimal file", () => {
    expect(scenarioOf(normalise("name: minimal\nturns:\n  - user: hi\n"))).toStrictEqual({
      id: "s",
      fileId: "s",
      file: "/suite/scenarios/s.yaml",
      name: "minimal",
      tags: [],
      config: {},
      env: {},
      clockMs: Date.parse("2026-03-11T09:00:00.000Z"),
      timezone: "UTC",
      models: ["scripted"],
      repeat: 1,
      hooks: [],
      bins: [],
      maxSteps: 25,
      stream: false,
      summaries: [],
      turns: [
        {
          index: 0,
          kind: "user",
          arrival: SETTLED,
          origin: OWNER_ORIGIN,
          text: "hi",
          script: [],
          approvals: [],
          expect: [],
          location: at(3, 5),
        },
      ],
    });
  });

  it("normalises the full fixture: paths, clock, timeout, script steps, expectations", async () => {
    const fixture = fileURLToPath(new URL("../fixtures/scenarios/valid/full.yaml", import.meta.url));
    const parsed = parseScenarioText({ text: await readFile(fixture, "utf8"), file: "full.yaml" });
    if (!parsed.ok) throw new Error("fixture should parse");
    const result = normaliseScenario({
      scenarioFile: parsed.value,
      path: "/suite/valid/full.yaml",
      fileId: "full",
      displayPath: "full.yaml",
      locate: parsed.locate,
    });
    const scenario = "scenario" in result ? result.scenario : undefined;
    const loc = (line: number, column: number) => ({ file: "full.yaml", line, column });
    expect(scenario).toStrictEqual({
      id: "full",
      fileId: "full",
      file: "/suite/valid/full.yaml",
      name: "heartbeat stays quiet when nothing needs attention",
      description: "A full scenario using every field.",
      tags: ["heartbeat", "compliance"],
      workspace: "/suite/valid/workspace-folder",
      home: "/suite/valid/home-folder",
      config: { agents: { defaults: { userTimezone: "Asia/Shanghai" } } },
      env: { GITHUB_TOKEN: "dummy" },
      clockMs: Date.parse("2026-03-11T06:30:00Z"),
      timezone: "Asia/Shanghai",
      models: ["scripted", "simulated:good?ack=0.9"],
      repeat: 3,
      hooks: ["/suite/hooks/block-rm.mjs"],
      faults: { rate: 0.2, kinds: ["429", "5xx", "timeout", "malformed", "empty"], seed: 7 },
      bins: ["git", "curl"],
      golden: { systemPrompt: "/suite/golden/heartbeat-quiet.md", location: loc(16, 25) },
      timeoutMs: 1500,
      maxSteps: 4,
      stream: false,
      summaries: [],
      turns: [
        {
          index: 0,
          kind: "heartbeat",
          arrival: SETTLED,
          origin: OWNER_ORIGIN,
          text: "",
          script: [{ kind: "text", text: "HEARTBEAT_OK" }],
          approvals: [],
          expect: [],
          location: loc(20, 5),
        },
        {
          index: 1,
          kind: "user",
          arrival: SETTLED,
          origin: OWNER_ORIGIN,
          text: "What did we decide about the API refactor?",
          script: [
            { kind: "tool_calls", calls: [{ name: "memory_search", input: { query: "API refactor" } }] },
            {
              kind: "tool_calls",
              calls: [
                { name: "read", input: { path: "memory/2026-03-10.md" } },
                { name: "ls", input: {} },
              ],
              text: "Looking.",
            },
            { kind: "error", message: "slow down", status: 429, retryAfterMs: 1500 },
            { kind: "text", text: "We chose GraphQL (memory/2026-03-10.md#L3)." },
          ],
          approvals: [{ match: "rm *", decision: "deny" }],
          expect: [
            {
              type: "tool-called",
              name: "memory_search",
              input: { query: "API refactor" },
              times: 1,
              location: loc(35, 9),
            },
            { type: "tool-called", name: "read", location: loc(36, 9) },
            { type: "tool-not-called", name: "exec", location: loc(37, 9) },
            { type: "tool-sequence", names: ["memory_search", "read", "ls"], location: loc(38, 9) },
            { type: "reply-contains", values: ["GraphQL"], location: loc(39, 9) },
            { type: "reply-contains", values: ["GraphQL", "memory"], location: loc(40, 9) },
            { type: "reply-equals", value: "We chose GraphQL (memory/2026-03-10.md#L3).", location: loc(41, 9) },
            { type: "reply-matches", pattern: "graphql", flags: "i", location: loc(42, 9) },
            { type: "reply-matches", pattern: "^We chose", flags: "", location: loc(43, 9) },
            { type: "prompt-contains", values: ["## Heartbeats"], location: loc(44, 9) },
            {
              type: "custom",
              module: "/suite/valid/checks/custom-check.mjs",
              exportName: "default",
              location: loc(45, 9),
            },
            {
              type: "custom",
              module: "/suite/valid/checks/custom-check.mjs",
              exportName: "checkTone",
              options: { tone: "calm" },
              location: loc(46, 9),
            },
          ],
          location: loc(22, 5),
        },
        {
          index: 2,
          kind: "system",
          arrival: SETTLED,
          origin: OWNER_ORIGIN,
          text: "cron: daily summary",
          script: [],
          approvals: [],
          expect: [],
          location: loc(47, 5),
        },
      ],
    });
  });

  it("reports a reply pattern with a backreference at load: it could not run in linear time", () => {
    const text = "name: x\nturns:\n  - user: hi\n    expect:\n      - reply-matches: /(a)\\1/\n";
    const result = normalise(text);
    const messages = "diagnostics" in result ? result.diagnostics.map(formatDiagnostic) : [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("s.yaml:5:9: turns[0].expect[0].reply-matches: expected a regular expression");
    expect(messages[0]).toContain("backreference");
  });

  it("reports a reply pattern that does not compile", () => {
    const text = "name: x\nturns:\n  - user: hi\n    expect:\n      - reply-matches: /(open/\n";
    const result = normalise(text);
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      "s.yaml:5:9: turns[0].expect[0].reply-matches: expected a regular expression without backreferences or lookaround, found missing closing ): `(open`",
    ]);
  });
});

const CASE_FILE = `name: "weather in {{ city }}"
turns:
  - user: "Weather in {{city}}? {{ note }}"
    script:
      - tool: weather
        input: { place: "{{city}}", nested: [{ deep: "{{temp}}" }], fixed: 3 }
      - text: "{{temp}} degrees"
    expect:
      - reply-contains: ["{{temp}} degrees", plain]
      - reply-matches: "/{{temp}}/i"
  - heartbeat: true
`;

describe("normaliseScenario with a case", () => {
  it("fills placeholders in name, texts, scripts (deeply) and expectations, without re-scanning", () => {
    const scenario = scenarioOf(
      normalise(CASE_FILE, { index: 0, id: "paris", fields: { city: "Paris", temp: 18, note: "{{city}}" } }),
    );
    expect(scenario.id).toBe("s#paris");
    expect(scenario.caseId).toBe("paris");
    expect(scenario.name).toBe("weather in Paris");
    expect(scenario.turns[0]?.text).toBe("Weather in Paris? {{city}}");
    expect(scenario.turns[0]?.script).toEqual([
      {
        kind: "tool_calls",
        calls: [{ name: "weather", input: { place: "Paris", nested: [{ deep: 18 }], fixed: 3 } }],
      },
      { kind: "text", text: "18 degrees" },
    ]);
    expect(scenario.turns[0]?.expect).toEqual([
      { type: "reply-contains", values: ["18 degrees", "plain"], location: at(9, 9) },
      { type: "reply-matches", pattern: "18", flags: "i", location: at(10, 9) },
    ]);
    expect(scenario.turns[1]).toEqual({
      index: 1,
      kind: "heartbeat",
      arrival: SETTLED,
      origin: OWNER_ORIGIN,
      text: "",
      script: [],
      approvals: [],
      expect: [],
      location: at(11, 5),
    });
  });

  it("numbers cases without an id from 1", () => {
    const scenario = scenarioOf(normalise(CASE_FILE, { index: 1, fields: { city: "Oslo", temp: -2, note: "" } }));
    expect([scenario.id, scenario.caseId, scenario.name]).toEqual(["s#2", "2", "weather in Oslo"]);
  });

  it("reports a placeholder the case cannot fill, suggesting a field of the case", () => {
    const result = normalise(CASE_FILE, { index: 2, fields: { cty: "Rome", temp: 20, note: "" } });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:1:7: name: expected a field of case #3, found placeholder "{{ city }}" (did you mean cty?)',
      's.yaml:3:11: turns[0].user: expected a field of case #3, found placeholder "{{city}}" (did you mean cty?)',
      's.yaml:6:25: turns[0].script[0].input.place: expected a field of case #3, found placeholder "{{city}}" (did you mean cty?)',
    ]);
  });

  it("reports a missing field once per place for many cases", () => {
    const parsed = parse('name: x\nturns:\n  - user: "{{ missing }}"\n');
    const cases = Array.from({ length: 5 }, (_, index) => ({ index, fields: { present: String(index) } }));
    const result = normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: `${folder}/s.yaml`,
      displayPath: "s.yaml",
      fileId: "s",
      locate: parsed.locate,
      cases,
    });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:3:11: turns[0].user: expected a field of case #1 and 4 other cases, found placeholder "{{ missing }}"',
    ]);
  });

  it("reports a pattern that a case makes invalid", () => {
    const result = normalise(CASE_FILE, { index: 0, fields: { city: "Paris", temp: "(", note: "" } });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      "s.yaml:10:9: turns[0].expect[1].reply-matches: expected a regular expression without backreferences or lookaround, found missing closing ): `(?i)(` in case #1",
    ]);
  });
});
