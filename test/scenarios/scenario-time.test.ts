import { describe, expect, it } from "vitest";
import { formatDiagnostic, OWNER_ORIGIN, type Scenario } from "../../src/domain/index.js";
import { normaliseScenario, type ScenarioCase } from "../../src/scenarios/normalise-scenario.js";
import { normaliseScenarioCases } from "../../src/scenarios/normalise-scenario-cases.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

const folder = "/suite/scenarios";
const at = (line: number, column: number) => ({ file: "s.yaml", line, column });

function parse(text: string) {
  const parsed = parseScenarioText({ text, file: "s.yaml" });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
  return parsed;
}

function scenarioOf(text: string): Scenario {
  const parsed = parse(text);
  const result = normaliseScenario({
    scenarioFile: parsed.value,
    path: `${folder}/s.yaml`,
    displayPath: "s.yaml",
    fileId: "s",
    locate: parsed.locate,
  });
  if ("diagnostics" in result) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
  return result.scenario;
}

function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}

describe("turn arrivals (at, during)", () => {
  it("reads +duration, HH:MM, an ISO instant and during: previous; a turn without them arrives once settled", () => {
    const scenario = scenarioOf(
      lines(
        "name: arrivals",
        "turns:",
        "  - user: settled",
        '  - { user: five minutes, at: "+5m" }',
        '  - { user: thirty seconds, at: "+30s" }',
        '  - { user: fractions, at: "+1.5h" }',
        '  - { user: milliseconds, at: "+250ms" }',
        '  - { user: zero, at: "+0s" }',
        '  - { user: wall clock, at: "09:30" }',
        '  - { user: midnight, at: "00:00" }',
        "  - { user: instant, at: 2026-03-11T18:30:00+08:00 }",
        "  - { user: while busy, during: previous }",
        "  - { heartbeat: true, at: 23:59 }",
        '  - { system: "cron: backup", at: "+2d" }',
      ),
    );
    expect(scenario.turns.map((turn) => turn.arrival)).toEqual([
      { kind: "settled" },
      { kind: "after", ms: 300_000 },
      { kind: "after", ms: 30_000 },
      { kind: "after", ms: 5_400_000 },
      { kind: "after", ms: 250 },
      { kind: "after", ms: 0 },
      { kind: "clock", minuteOfDay: 570 },
      { kind: "clock", minuteOfDay: 0 },
      { kind: "instant", ms: Date.parse("2026-03-11T10:30:00Z") },
      { kind: "after", ms: 0 },
      { kind: "clock", minuteOfDay: 1439 },
      { kind: "after", ms: 2 * 86_400_000 },
    ]);
  });

  it("accepts an instant equal to the clock and instants in order", () => {
    const scenario = scenarioOf(
      lines(
        "name: instants",
        "clock: 2026-03-11T09:00:00Z",
        "turns:",
        "  - { user: a, at: 2026-03-11T09:00:00Z }",
        "  - { user: b, at: 2026-03-11T09:00:00Z }",
        '  - { user: c, at: "+1m" }',
        "  - { user: d, at: 2026-03-11T10:00:00.500Z }",
      ),
    );
    expect(scenario.turns.map((turn) => turn.arrival)).toEqual([
      { kind: "instant", ms: Date.parse("2026-03-11T09:00:00Z") },
      { kind: "instant", ms: Date.parse("2026-03-11T09:00:00Z") },
      { kind: "after", ms: 60_000 },
      { kind: "instant", ms: Date.parse("2026-03-11T10:00:00.500Z") },
    ]);
  });
});

describe("takes on script steps", () => {
  it("gives text steps, tool steps and each call of a tools step takesMs; without takes there is none", () => {
    const scenario = scenarioOf(
      lines(
        "name: takes",
        "turns:",
        "  - user: go",
        "    script:",
        "      - { tool: exec, input: { command: sleep 120 }, takes: 2m }",
        "      - tools:",
        "          - { tool: read, input: { path: a.md }, takes: 500ms }",
        "          - { tool: read, input: { path: b.md } }",
        "      - { tool: exec, input: { command: ls }, text: looking, takes: 0s }",
        "      - { text: done, takes: 1.5s }",
        "      - { text: plain }",
      ),
    );
    expect(scenario.turns[0]?.script).toEqual([
      { kind: "tool_calls", calls: [{ name: "exec", input: { command: "sleep 120" }, takesMs: 120_000 }] },
      {
        kind: "tool_calls",
        calls: [
          { name: "read", input: { path: "a.md" }, takesMs: 500 },
          { name: "read", input: { path: "b.md" } },
        ],
      },
      { kind: "tool_calls", calls: [{ name: "exec", input: { command: "ls" }, takesMs: 0 }], text: "looking" },
      { kind: "text", text: "done", takesMs: 1500 },
      { kind: "text", text: "plain" },
    ]);
    expect(scenario.turns[0]?.script[4]).not.toHaveProperty("takesMs");
  });
});

describe("message origins (from)", () => {
  it("defaults every turn to the owner in a direct chat on the scenario channel", () => {
    const scenario = scenarioOf(lines("name: plain", "turns:", "  - user: hi", "  - heartbeat: true"));
    expect(scenario.turns.map((turn) => turn.origin)).toEqual([OWNER_ORIGIN, OWNER_ORIGIN]);
  });

  it("merges a turn's from over the scenario's, key by key", () => {
    const scenario = scenarioOf(
      lines(
        "name: family group",
        "from: { chat: group, channel: whatsapp, id: family }",
        "turns:",
        "  - user: from the owner",
        "  - user: from mum",
        "    from: { sender: mum }",
        "  - user: from the owner by name",
        "    from: { sender: Sam, owner: true }",
        "  - user: in a channel",
        "    from: { chat: channel, id: news, sender: editor }",
        "  - user: back home",
        "    from: { chat: direct }",
        "  - user: same chat type keeps the id",
        "    from: { chat: group, channel: telegram }",
        "  - heartbeat: true",
        "  - system: an event",
      ),
    );
    expect(scenario.turns.map((turn) => turn.origin)).toEqual([
      { chat: "group", channel: "whatsapp", id: "family", sender: "owner", owner: true },
      { chat: "group", channel: "whatsapp", id: "family", sender: "mum", owner: false },
      { chat: "group", channel: "whatsapp", id: "family", sender: "Sam", owner: true },
      { chat: "channel", channel: "whatsapp", id: "news", sender: "editor", owner: false },
      { chat: "direct", channel: "whatsapp", sender: "owner", owner: true },
      { chat: "group", channel: "telegram", id: "family", sender: "owner", owner: true },
      OWNER_ORIGIN,
      OWNER_ORIGIN,
    ]);
  });

  it("takes owner from the level that names the sender", () => {
    const scenario = scenarioOf(
      lines(
        "name: senders",
        "from: { chat: group, id: family, sender: mum }",
        "turns:",
        "  - user: mum writes",
        "  - user: the owner writes",
        "    from: { sender: owner }",
        "  - user: mum, trusted",
        "    from: { owner: true }",
      ),
    );
    expect(scenario.turns.map((turn) => [turn.origin.sender, turn.origin.owner])).toEqual([
      ["mum", false],
      ["owner", true],
      ["mum", true],
    ]);
  });

  it("lets each turn give the id when the scenario names only the chat type", () => {
    const scenario = scenarioOf(
      lines(
        "name: two groups",
        "from: { chat: group }",
        "turns:",
        "  - { user: a, from: { id: family } }",
        "  - { user: b, from: { id: work, sender: boss } }",
      ),
    );
    expect(scenario.turns.map((turn) => turn.origin.id)).toEqual(["family", "work"]);
  });
});

describe("stream", () => {
  it("is false unless the scenario sets it", () => {
    expect(scenarioOf(lines("name: a", "turns: [{ user: hi }]")).stream).toBe(false);
    expect(scenarioOf(lines("name: a", "stream: true", "turns: [{ user: hi }]")).stream).toBe(true);
    expect(scenarioOf(lines("name: a", "stream: false", "turns: [{ user: hi }]")).stream).toBe(false);
  });
});

describe("heartbeats schedule", () => {
  it("normalises durations, script, expectations and overrides with their locations", () => {
    const scenario = scenarioOf(
      lines(
        "name: a day of heartbeats",
        "timezone: Europe/Berlin",
        "clock: 2026-03-11T08:00:00+01:00",
        "heartbeats:",
        "  every: 30m",
        "  for: 1d",
        "  script: [{ text: HEARTBEAT_OK }]",
        "  expect: [{ heartbeat-ack: true }]",
        "  overrides:",
        '    - at: "14:00"',
        "      script: [{ text: The build failed. }]",
        "      expect: [{ delivered: true }]",
        '    - at: "15:30"',
        "      expect: [{ reply-contains: build }]",
        '    - at: "16:00"',
        "      script: [{ text: Still failing., takes: 20s }]",
        "turns: [{ user: hi }]",
      ),
    );
    const quietScript = [{ kind: "text", text: "HEARTBEAT_OK" }];
    const quietExpect = [{ type: "heartbeat-ack", value: true, location: at(8, 12) }];
    expect(scenario.heartbeats).toEqual({
      everyMs: 1_800_000,
      forMs: 86_400_000,
      script: quietScript,
      expect: quietExpect,
      overrides: [
        {
          minuteOfDay: 840,
          script: [{ kind: "text", text: "The build failed." }],
          expect: [{ type: "delivered", value: true, location: at(12, 16) }],
          location: at(10, 7),
        },
        {
          minuteOfDay: 930,
          script: quietScript,
          expect: [{ type: "reply-contains", values: ["build"], location: at(14, 16) }],
          location: at(13, 7),
        },
        {
          minuteOfDay: 960,
          script: [{ kind: "text", text: "Still failing.", takesMs: 20_000 }],
          expect: quietExpect,
          location: at(15, 7),
        },
      ],
      location: at(5, 3),
    });
  });

  it("leaves every to the config when the schedule does not write it; no schedule, no heartbeats", () => {
    const scenario = scenarioOf(lines("name: a", "heartbeats: { for: 12h }", "turns: [{ user: hi }]"));
    expect(scenario.heartbeats).toEqual({
      forMs: 43_200_000,
      script: [],
      expect: [],
      overrides: [],
      location: at(2, 13),
    });
    expect(scenarioOf(lines("name: a", "turns: [{ user: hi }]"))).not.toHaveProperty("heartbeats");
  });

  it("accepts an override on a heartbeat of the schedule in the scenario's time zone", () => {
    // Due at 09:45, 10:30, 11:15, ... Shanghai time (clock 09:00 +08:00, every 45m).
    const scenario = scenarioOf(
      lines(
        "name: a",
        "timezone: Asia/Shanghai",
        "clock: 2026-03-11T01:00:00Z",
        "heartbeats:",
        "  every: 45m",
        "  for: 3h",
        '  overrides: [{ at: "11:15", expect: [{ delivered: true }] }]',
        "turns: [{ user: hi }]",
      ),
    );
    expect(scenario.heartbeats?.overrides.map((override) => override.minuteOfDay)).toEqual([675]);
  });

  it("shares the schedule between the scenarios of a file's cases", () => {
    const text = lines(
      "name: case {{n}}",
      "heartbeats: { every: 1h, for: 1d, expect: [{ heartbeat-ack: true }] }",
      "cases: [{ n: 1 }, { n: 2 }]",
      'turns: [{ user: "hi {{n}}" }]',
    );
    const parsed = parse(text);
    const result = normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: `${folder}/s.yaml`,
      displayPath: "s.yaml",
      fileId: "s",
      locate: parsed.locate,
      ...(parsed.caseUnits === undefined ? {} : { caseUnits: parsed.caseUnits }),
      cases: [
        { index: 0, fields: { n: 1 } },
        { index: 1, fields: { n: 2 } },
      ],
    });
    if (!("scenarios" in result)) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
    const [first, second] = result.scenarios;
    expect(first?.heartbeats?.everyMs).toBe(3_600_000);
    expect(second?.heartbeats).toBe(first?.heartbeats);
  });
});

describe("time fields filled by cases", () => {
  const text = lines(
    "name: arrivals",
    "cases: [{ n: 1 }]",
    "turns:",
    "  - user: first",
    '  - user: "second {{n}}"',
    '    at: "{{when}}"',
    "    from: { chat: group, id: family, sender: '{{who}}' }",
    "    script: [{ text: ok, takes: '{{slow}}' }]",
  );
  const run = (cases: ScenarioCase[]) => {
    const parsed = parse(text);
    return normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: `${folder}/s.yaml`,
      displayPath: "s.yaml",
      fileId: "s",
      locate: parsed.locate,
      ...(parsed.caseUnits === undefined ? {} : { caseUnits: parsed.caseUnits }),
      cases,
    });
  };

  it("fills at, from and takes per case", () => {
    const result = run([{ index: 0, fields: { n: 1, when: "+5m", who: "mum", slow: "3s" } }]);
    if (!("scenarios" in result)) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
    const turn = result.scenarios[0]?.turns[1];
    expect(turn?.arrival).toEqual({ kind: "after", ms: 300_000 });
    expect(turn?.origin).toEqual({ chat: "group", channel: "scenario", id: "family", sender: "mum", owner: false });
    expect(turn?.script).toEqual([{ kind: "text", text: "ok", takesMs: 3000 }]);
  });

  it("reports what a case fills wrongly, naming the case", () => {
    const result = run([
      { index: 0, fields: { n: 1, when: "soon", who: "mum", slow: "3s" } },
      { index: 1, id: "b", fields: { n: 2, when: "+1m", who: "owner", slow: "3" } },
    ]);
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:6:9: turns[1].at: expected +<duration> after the previous arrival (e.g. +5m, at most +31d), a time HH:MM, or an ISO-8601 date-time with an offset, found string "soon" in case #1',
      's.yaml:8:33: turns[1].script[0].takes: expected a duration with a unit (ms, s, m, h or d) of at most 31d, e.g. 2m, found string "3" in case #b (did you mean 3s?)',
    ]);
  });

  it("checks the rules between turns on what a case fills", () => {
    const withDuring = lines(
      "name: d",
      "cases: [{ n: 1 }]",
      "turns:",
      "  - { user: first }",
      '  - { user: second, at: "{{when}}", during: previous }',
    );
    const parsed = parse(withDuring);
    const result = normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: `${folder}/s.yaml`,
      displayPath: "s.yaml",
      fileId: "s",
      locate: parsed.locate,
      ...(parsed.caseUnits === undefined ? {} : { caseUnits: parsed.caseUnits }),
      cases: [{ index: 0, fields: { when: "+1m" } }],
    });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:5:45: turns[1].during: expected either at or during, not both (during: previous is at: "+0s"), found string "previous" in case #1',
    ]);
  });
});
