import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

function problems(...text: string[]): string[] {
  const result = parseScenarioText({ text: `${text.join("\n")}\n`, file: "bad.yaml" });
  if (result.ok) throw new Error("expected diagnostics, the file parsed");
  return result.diagnostics.map(formatDiagnostic);
}

const ARRIVAL =
  "expected +<duration> after the previous arrival (e.g. +5m, at most +31d), a time HH:MM, or an ISO-8601 date-time with an offset";
const TAKES = "expected a duration with a unit (ms, s, m, h or d) of at most 31d, e.g. 2m";

describe("at and during errors", () => {
  it("names the field, what at accepts and a fix for a missing + or a one-digit hour", () => {
    expect(
      problems(
        "name: x",
        "turns:",
        "  - { user: a, at: 5m }",
        '  - { user: b, at: "9:30" }',
        '  - { user: c, at: "25:00" }',
        '  - { user: d, at: "+32d" }',
        "  - { user: e, at: 5 }",
        "  - { user: f, at: tomorrow }",
        '  - { user: g, at: "+-1m" }',
        "  - { user: h, at: 2026-03-11T10:00:00 }",
      ),
    ).toEqual([
      `bad.yaml:3:20: turns[0].at: ${ARRIVAL}, found string "5m" (did you mean +5m?)`,
      `bad.yaml:4:20: turns[1].at: ${ARRIVAL}, found string "9:30" (did you mean 09:30?)`,
      `bad.yaml:5:20: turns[2].at: ${ARRIVAL}, found string "25:00"`,
      `bad.yaml:6:20: turns[3].at: ${ARRIVAL}, found string "+32d"`,
      `bad.yaml:7:20: turns[4].at: ${ARRIVAL}, found number 5`,
      `bad.yaml:8:20: turns[5].at: ${ARRIVAL}, found string "tomorrow"`,
      `bad.yaml:9:20: turns[6].at: ${ARRIVAL}, found string "+-1m"`,
      `bad.yaml:10:20: turns[7].at: ${ARRIVAL}, found string "2026-03-11T10:00:00"`,
    ]);
  });

  it("accepts during: previous only, never on the first turn and never beside at", () => {
    expect(
      problems(
        "name: x",
        "turns:",
        "  - { user: a, during: previous }",
        "  - { user: b, during: next }",
        '  - { user: c, at: "+1m", during: previous }',
      ),
    ).toEqual([
      'bad.yaml:3:24: turns[0].during: expected no during on the first turn, which nothing runs before (use at), found string "previous"',
      'bad.yaml:4:24: turns[1].during: expected previous, found string "next"',
      'bad.yaml:5:35: turns[2].during: expected either at or during, not both (during: previous is at: "+0s"), found string "previous"',
    ]);
  });

  it("wants instants at or after the scenario clock and after earlier instants", () => {
    expect(
      problems(
        "name: x",
        "clock: 2026-03-11T09:00:00Z",
        "turns:",
        "  - { user: a, at: 2026-03-11T08:59:59Z }",
        "  - { user: b, at: 2026-03-12T08:00:00Z }",
        '  - { user: c, at: "+1m" }',
        "  - { user: d, at: 2026-03-11T10:00:00+01:00 }",
      ),
    ).toEqual([
      'bad.yaml:4:20: turns[0].at: expected an instant at or after the scenario clock (2026-03-11T09:00:00Z), found string "2026-03-11T08:59:59Z"',
      'bad.yaml:7:20: turns[3].at: expected an instant at or after turns[1].at (2026-03-12T08:00:00Z), found string "2026-03-11T10:00:00+01:00"',
    ]);
  });

  it("compares instants with the default clock when the scenario sets none", () => {
    expect(problems("name: x", "turns:", "  - { user: a, at: 2026-03-11T08:00:00Z }")).toEqual([
      'bad.yaml:3:20: turns[0].at: expected an instant at or after the scenario clock (2026-03-11T09:00:00.000Z), found string "2026-03-11T08:00:00Z"',
    ]);
  });
});

describe("takes errors", () => {
  it("wants a non-negative duration with a unit, at most 31 days, on text, tool and tools steps", () => {
    expect(
      problems(
        "name: x",
        "turns:",
        "  - user: a",
        "    script:",
        '      - { text: hi, takes: "5" }',
        '      - { tool: exec, takes: "-1s" }',
        "      - { tools: [{ tool: exec, takes: 40d }] }",
        "      - { tool: exec, takes: 2 }",
        "      - { text: hi, tekes: 2m }",
        "      - { error: { message: down }, takes: 1s }",
      ),
    ).toEqual([
      `bad.yaml:5:28: turns[0].script[0].takes: ${TAKES}, found string "5" (did you mean 5s?)`,
      `bad.yaml:6:30: turns[0].script[1].takes: ${TAKES}, found string "-1s"`,
      `bad.yaml:7:40: turns[0].script[2].tools[0].takes: ${TAKES}, found string "40d"`,
      `bad.yaml:8:30: turns[0].script[3].takes: ${TAKES}, found number 2`,
      'bad.yaml:9:21: turns[0].script[4]: expected a script step key, found key "tekes" (did you mean takes?)',
      'bad.yaml:10:37: turns[0].script[5]: expected a script step key that goes with error, found key "takes"',
    ]);
  });

  it("is not a key of a summary step", () => {
    expect(problems("name: x", "summaries: [{ text: s, takes: 1s }]", "turns: [{ user: a }]")).toEqual([
      'bad.yaml:2:24: summaries[0]: expected a summary step key, found key "takes"',
    ]);
  });
});

describe("from errors", () => {
  it("checks each key of from and suggests misspelt keys", () => {
    expect(
      problems(
        "name: x",
        "turns:",
        "  - user: a",
        "    from: { chat: dm, sendr: bob }",
        "  - user: b",
        '    from: { chat: group, id: "a b", channel: "wa:1" }',
        "  - user: c",
        '    from: { sender: "", owner: yes }',
        "  - user: d",
        "    from: family",
      ),
    ).toEqual([
      'bad.yaml:4:19: turns[0].from.chat: expected direct, group or channel, found string "dm"',
      'bad.yaml:4:23: turns[0].from: expected a from key, found key "sendr" (did you mean sender?)',
      'bad.yaml:6:30: turns[1].from.id: expected a non-empty id without spaces or colons, e.g. family, found string "a b"',
      'bad.yaml:6:46: turns[1].from.channel: expected a non-empty id without spaces or colons, e.g. family, found string "wa:1"',
      'bad.yaml:8:21: turns[2].from.sender: expected a non-empty sender name, found string ""',
      'bad.yaml:8:32: turns[2].from.owner: expected true or false, found string "yes"',
      'bad.yaml:10:11: turns[3].from: expected a mapping with chat, channel, id, sender and owner, found string "family"',
    ]);
  });

  it("wants an id for a group or channel chat, none for a direct chat, and a sender other than owner with owner: false", () => {
    expect(
      problems(
        "name: x",
        "from: { chat: group }",
        "turns:",
        "  - user: a",
        "  - user: b",
        "    from: { chat: channel }",
        "  - user: c",
        "    from: { chat: direct, id: family }",
        "  - user: d",
        "    from: { id: family, owner: false }",
      ),
    ).toEqual([
      "bad.yaml:2:7: from.id: expected an id with chat: group, naming the group (e.g. id: family), found nothing",
      "bad.yaml:6:11: turns[1].from.id: expected an id with chat: channel, naming the channel (e.g. id: family), found nothing",
      'bad.yaml:8:31: turns[2].from.id: expected no id in a direct chat (or chat: group or chat: channel), found string "family"',
      'bad.yaml:10:32: turns[3].from.owner: expected owner: false only with a sender other than owner, found owner: false with sender "owner"',
    ]);
  });

  it("reports a scenario id without a chat type at the scenario's from", () => {
    expect(problems("name: x", "from: { id: family }", "turns: [{ user: a }, { user: b }]")).toEqual([
      'bad.yaml:2:13: from.id: expected no id in a direct chat (or chat: group or chat: channel), found string "family"',
    ]);
  });

  it("puts from only on user turns", () => {
    expect(
      problems(
        "name: x",
        "turns:",
        "  - { heartbeat: true, from: { sender: bob } }",
        "  - { system: event, from: { chat: group, id: g } }",
      ),
    ).toEqual([
      "bad.yaml:3:30: turns[0].from: expected from only on a user turn (heartbeats and system events come from the runtime), found a mapping",
      "bad.yaml:4:28: turns[1].from: expected from only on a user turn (heartbeats and system events come from the runtime), found a mapping",
    ]);
  });
});

describe("stream errors", () => {
  it("wants a boolean", () => {
    expect(problems("name: x", "stream: yes", "turns: [{ user: a }]")).toEqual([
      'bad.yaml:2:9: stream: expected true or false, found string "yes"',
    ]);
  });
});

describe("heartbeats errors", () => {
  it("wants a positive every and a for", () => {
    expect(problems("name: x", "heartbeats: { every: 0m }", "turns: [{ user: a }]")).toEqual([
      "bad.yaml:2:13: heartbeats.for: expected a positive duration with a unit (ms, s, m, h or d) of at most 31d, e.g. 1d, found nothing",
      'bad.yaml:2:22: heartbeats.every: expected a positive duration with a unit (ms, s, m, h or d) of at most 31d, e.g. 30m, found string "0m"',
    ]);
    expect(problems("name: x", "heartbeats: { for: 32d }", "turns: [{ user: a }]")).toEqual([
      'bad.yaml:2:20: heartbeats.for: expected a positive duration with a unit (ms, s, m, h or d) of at most 31d, e.g. 1d, found string "32d"',
    ]);
    expect(problems("name: x", "heartbeats: 30m", "turns: [{ user: a }]")).toEqual([
      'bad.yaml:2:13: heartbeats: expected a mapping with every, for, script, expect and overrides, found string "30m"',
    ]);
  });

  it("wants every no longer than for, and at most 10000 heartbeats", () => {
    expect(problems("name: x", "heartbeats: { every: 2d, for: 1d }", "turns: [{ user: a }]")).toEqual([
      'bad.yaml:2:22: heartbeats.every: expected an interval no longer than for (1d), found string "2d"',
    ]);
    expect(problems("name: x", "heartbeats: { every: 1m, for: 31d }", "turns: [{ user: a }]")).toEqual([
      'bad.yaml:2:22: heartbeats.every: expected an interval that gives at most 10000 heartbeats in 31d, found string "1m" (44640 heartbeats)',
    ]);
  });

  it("suggests misspelt keys of the schedule, its overrides, its script steps and expectations", () => {
    expect(
      problems(
        "name: x",
        "heartbeats:",
        "  for: 1d",
        "  evrey: 30m",
        "  script: [{ txt: HEARTBEAT_OK }]",
        "  expect: [{ heartbeat-akc: true }]",
        '  overrides: [{ at: "09:30", scrpt: [], expect: [{ tool-called: { nme: exec } }] }]',
        "turns: [{ user: a }]",
      ),
    ).toEqual([
      'bad.yaml:4:3: heartbeats: expected a heartbeats key, found key "evrey" (did you mean every?)',
      'bad.yaml:5:14: heartbeats.script[0]: expected a script step key, found key "txt" (did you mean text?)',
      'bad.yaml:6:14: heartbeats.expect[0]: expected an expectation type, found key "heartbeat-akc" (did you mean heartbeat-ack?)',
      'bad.yaml:7:30: heartbeats.overrides[0]: expected a heartbeat override key, found key "scrpt" (did you mean script?)',
      'bad.yaml:7:67: heartbeats.overrides[0].expect[0].tool-called: expected a tool-called key, found key "nme" (did you mean name?)',
    ]);
  });

  it("wants each override at a valid, unused time that a heartbeat falls on, changing script or expect", () => {
    expect(
      problems(
        "name: x",
        "heartbeats:",
        "  every: 45m",
        "  for: 1d",
        "  overrides:",
        '    - { at: "10:30", expect: [{ delivered: true }] }',
        '    - { at: "10:30", expect: [{ delivered: true }] }',
        '    - { at: "10:00", expect: [{ delivered: true }] }',
        '    - { at: "9:00", script: [] }',
        '    - { at: "12:00" }',
        "turns: [{ user: a }]",
      ),
    ).toEqual([
      'bad.yaml:7:13: heartbeats.overrides[1].at: expected a time no earlier override uses (heartbeats.overrides[0] has it), found string "10:30"',
      'bad.yaml:8:13: heartbeats.overrides[2].at: expected a time one of the schedule\'s heartbeats falls on (the first at 09:45, then every 45m), found string "10:00"',
      'bad.yaml:9:13: heartbeats.overrides[3].at: expected a time HH:MM from 00:00 to 23:59, e.g. 09:30, found string "9:00"',
      "bad.yaml:10:7: heartbeats.overrides[4].script: expected script or expect (what changes at that time), found nothing",
    ]);
  });

  it("does not look for override times in a schedule that is too long", () => {
    expect(
      problems(
        "name: x",
        "heartbeats: { every: 1ms, for: 99999999999d, overrides: [{ at: '10:02', expect: [] }] }",
        "turns: [{ user: a }]",
      ),
    ).toEqual([
      'bad.yaml:2:32: heartbeats.for: expected a positive duration with a unit (ms, s, m, h or d) of at most 31d, e.g. 1d, found string "99999999999d"',
    ]);
  });

  it("reads override times in the scenario's time zone", () => {
    // Clock 09:00 in Shanghai: heartbeats at 09:30, 10:00, ... Shanghai time; 02:30 is a UTC reading.
    expect(
      problems(
        "name: x",
        "timezone: Asia/Shanghai",
        "clock: 2026-03-11T01:00:00Z",
        "heartbeats: { every: 30m, for: 6h, overrides: [{ at: '02:30', expect: [] }] }",
        "turns: [{ user: a }]",
      ),
    ).toEqual([
      'bad.yaml:4:54: heartbeats.overrides[0].at: expected a time one of the schedule\'s heartbeats falls on (the first at 09:30, then every 30m), found string "02:30"',
    ]);
  });

  it("checks reply patterns in the schedule's and the overrides' expectations", () => {
    const text = [
      "name: x",
      "heartbeats:",
      "  for: 1d",
      "  expect: [{ reply-matches: /(open/ }]",
      '  overrides: [{ at: "10:00", expect: [{ reply-matches: "a(?=b)" }] }]',
      "turns: [{ user: a }]",
    ].join("\n");
    const parsed = parseScenarioText({ text, file: "bad.yaml" });
    if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
    const result = normaliseScenario({
      scenarioFile: parsed.value,
      path: "/suite/bad.yaml",
      displayPath: "bad.yaml",
      fileId: "bad",
      locate: parsed.locate,
    });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      "bad.yaml:4:12: heartbeats.expect[0].reply-matches: expected a regular expression without backreferences or lookaround, found missing closing ): `(open`",
      "bad.yaml:5:39: heartbeats.overrides[0].expect[0].reply-matches: expected a regular expression without backreferences or lookaround, found lookahead (?= (at offset 1) is not supported: patterns run on a linear-time engine, which has no backreferences or lookaround",
    ]);
  });
});
