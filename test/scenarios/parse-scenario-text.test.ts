import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

function problems(text: string): string[] {
  const result = parseScenarioText({ text, file: "bad.yaml" });
  if (result.ok) throw new Error("expected diagnostics, the file parsed");
  return result.diagnostics.map(formatDiagnostic);
}

function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}

describe("parseScenarioText on valid files", () => {
  it("returns the file as written and positions of its fields", () => {
    const text = lines("name: minimal", "turns:", "  - user: hi", "    expect:", "      - reply-contains: hello");
    const result = parseScenarioText({ text, file: "ok.yaml" });
    expect(result).toMatchObject({ ok: true, warnings: [] });
    if (!result.ok) return;
    expect(result.value).toEqual({ name: "minimal", turns: [{ user: "hi", expect: [{ "reply-contains": "hello" }] }] });
    expect(result.locate(["turns", 0])).toEqual({ line: 3, column: 5 });
    expect(result.locate(["turns", 0, "expect", 0])).toEqual({ line: 5, column: 9 });
    expect(result.locate(["turns", 0, "expect", 0, "reply-contains"])).toEqual({ line: 5, column: 25 });
    expect(result.locateKey(["turns", 0, "expect"])).toEqual({ line: 4, column: 5 });
    expect(result.locate(["turns", 7, "user"])).toEqual({ line: 3, column: 3 });
  });

  it('reads YAML 1.2: yes stays a string, a date-time stays a string, 429 becomes the fault kind "429"', () => {
    const text = lines(
      "name: yaml 1.2",
      "clock: 2026-03-11T14:30:00+08:00",
      "faults: { rate: 0.5, kinds: [429, 5xx] }",
      "turns: [{ user: yes }]",
    );
    const result = parseScenarioText({ text, file: "ok.yaml" });
    expect(result.ok && result.value).toEqual({
      name: "yaml 1.2",
      clock: "2026-03-11T14:30:00+08:00",
      faults: { rate: 0.5, kinds: ["429", "5xx"] },
      turns: [{ user: "yes" }],
    });
  });

  it("keeps YAML warnings without failing", () => {
    const result = parseScenarioText({ text: lines("name: !custom tagged", "turns: [{ user: hi }]"), file: "w.yaml" });
    expect(result.ok && result.warnings.map(formatDiagnostic)).toEqual([
      "w.yaml:1:7: expected valid YAML, found unresolved tag: !custom",
    ]);
  });
});

describe("parseScenarioText diagnostics", () => {
  it("reports a YAML syntax error at its line and column", () => {
    expect(problems(lines("name: x", "turns:", '  - user: "unclosed'))).toEqual([
      'bad.yaml:4:1: expected valid YAML, found missing closing "quote',
    ]);
    expect(problems(lines("name: a: b", "turns: []"))).toEqual([
      "bad.yaml:1:7: expected valid YAML, found nested mappings are not allowed in compact mappings",
    ]);
  });

  it("reports an alias without its anchor", () => {
    expect(problems(lines("name: *missing", "turns: [{ user: hi }]"))).toEqual([
      "bad.yaml:1:1: expected valid YAML, found unresolved alias (the anchor must be set before the alias): missing",
    ]);
  });

  it("reports duplicate keys", () => {
    expect(problems(lines("name: one", "turns: [{ user: hi }]", "name: two"))).toEqual([
      'bad.yaml:3:1: expected unique keys in a mapping, found duplicate key "name"',
    ]);
  });

  it("reports an empty file and a document that is not a mapping", () => {
    expect(problems("")).toEqual([
      "bad.yaml:1:1: expected a mapping with at least name and turns, found an empty document",
    ]);
    expect(problems("# just a comment\n")).toEqual([
      "bad.yaml:1:1: expected a mapping with at least name and turns, found an empty document",
    ]);
    expect(problems(lines("- user: hi"))).toEqual([
      "bad.yaml:1:1: expected a mapping with at least name and turns, found a list",
    ]);
    expect(problems("just text")).toEqual([
      'bad.yaml:1:1: expected a mapping with at least name and turns, found string "just text"',
    ]);
  });

  it("reports a misspelt key at the key, with a suggestion and without repeating the missing field", () => {
    expect(problems(lines("name: x", "tunrs:", "  - user: hi"))).toEqual([
      'bad.yaml:2:1: expected a scenario key, found key "tunrs" (did you mean turns?)',
    ]);
    expect(problems(lines("name: x", "turns:", "  - user: hi", "    expcet: []"))).toEqual([
      'bad.yaml:4:5: turns[0]: expected a turn key, found key "expcet" (did you mean expect?)',
    ]);
  });

  it("reports missing required fields as found nothing", () => {
    expect(problems(lines("name: no turns"))).toEqual(["bad.yaml:1:1: turns: expected a list of turns, found nothing"]);
    expect(problems(lines("turns: []"))).toEqual([
      "bad.yaml:1:1: name: expected a non-empty string, found nothing",
      "bad.yaml:1:8: turns: expected a non-empty list of turns, found an empty list",
    ]);
  });

  it("reports unknown expectation types with a suggestion among the expectation types", () => {
    const text = lines("name: x", "turns:", "  - user: hi", "    expect:", "      - reply-contain: foo", "      - {}");
    expect(problems(text)).toEqual([
      'bad.yaml:5:9: turns[0].expect[0]: expected an expectation type, found key "reply-contain" (did you mean reply-contains?)',
      "bad.yaml:6:9: turns[0].expect[1]: expected a mapping with one expectation type, found an empty mapping",
    ]);
  });

  it("reports the issue of the expectation that is written, not a generic union failure", () => {
    const text = lines(
      "name: x",
      "turns:",
      "  - user: hi",
      "    expect:",
      "      - reply-contains: 3",
      "      - tool-called: { name: read, tims: 2 }",
      "      - tool-called: { name: read, times: -1 }",
      "      - reply-contains: a",
      "        tool-called: b",
      "      - reply-contains",
      "      - custom: { module: ./x.mjs, export: 3 }",
    );
    expect(problems(text)).toEqual([
      "bad.yaml:5:25: turns[0].expect[0].reply-contains: expected a string or a list of strings, found number 3",
      'bad.yaml:6:36: turns[0].expect[1].tool-called: expected a tool-called key, found key "tims" (did you mean times?)',
      "bad.yaml:7:43: turns[0].expect[2].tool-called.times: expected a non-negative integer, found number -1",
      'bad.yaml:8:9: turns[0].expect[3]: expected a mapping with one expectation type, found keys "reply-contains" and "tool-called"',
      'bad.yaml:10:9: turns[0].expect[4]: expected a mapping with one expectation type, found string "reply-contains"',
      "bad.yaml:11:44: turns[0].expect[5].custom.export: expected an export name, found number 3",
    ]);
  });

  it("reports a turn with none or several kinds once", () => {
    const text = lines(
      "name: x",
      "turns:",
      "  - user: hi",
      "    system: too",
      "  - expect: []",
      "  - heartbeat: false",
    );
    expect(problems(text)).toEqual([
      "bad.yaml:3:5: turns[0]: expected exactly one of user, heartbeat or system, found user and system",
      "bad.yaml:5:5: turns[1]: expected exactly one of user, heartbeat or system, found none of them",
      "bad.yaml:6:16: turns[2].heartbeat: expected true, found boolean false",
    ]);
  });

  it("reports script steps by the step that fits best", () => {
    const text = lines(
      "name: x",
      "turns:",
      "  - user: hi",
      "    script:",
      "      - txt: hello",
      "      - { tool: read, inptu: {} }",
      "      - { tool: read, input: nope }",
      "      - { error: { message: boom, retryAfter: -1 } }",
      "      - { text: a, error: { message: b } }",
    );
    expect(problems(text)).toEqual([
      'bad.yaml:5:9: turns[0].script[0]: expected a script step key, found key "txt" (did you mean text?)',
      'bad.yaml:6:23: turns[0].script[1]: expected a script step key, found key "inptu" (did you mean input?)',
      'bad.yaml:7:30: turns[0].script[2].input: expected a mapping, found string "nope"',
      "bad.yaml:8:47: turns[0].script[3].error.retryAfter: expected a non-negative number of seconds, found number -1",
      'bad.yaml:9:9: turns[0].script[4]: expected a script step (text, tool, tools, error or hang), found keys "text" and "error"',
    ]);
  });

  it("reports every problem of a file, sorted by line and column", () => {
    const text = lines(
      "name: every problem",
      "repeat: 0",
      "maxSteps: 2.5",
      "timeout: -1",
      "clock: 2026-03-11",
      "timezone: Mars/Olympus",
      "env: { TOKEN: 3 }",
      "faults: { rate: 2, kinds: [4xx], sed: 1 }",
      "cases: 5",
      "turns:",
      "  - user: 42",
      "    approvals: [{ match: 'rm *', decision: maybe }]",
    );
    expect(problems(text)).toEqual([
      "bad.yaml:2:9: repeat: expected a positive integer of at most 1000, found number 0",
      "bad.yaml:3:11: maxSteps: expected a positive integer, found number 2.5",
      "bad.yaml:4:10: timeout: expected a positive number of seconds, found number -1",
      'bad.yaml:5:8: clock: expected an ISO-8601 date-time with an offset, e.g. 2026-03-11T14:30:00+08:00, found string "2026-03-11"',
      'bad.yaml:6:11: timezone: expected an IANA time zone, e.g. Asia/Shanghai, found string "Mars/Olympus"',
      "bad.yaml:7:15: env.TOKEN: expected a string, found number 3",
      "bad.yaml:8:17: faults.rate: expected a number from 0 to 1, found number 2",
      'bad.yaml:8:28: faults.kinds[0]: expected one of 429, 5xx, timeout, malformed, empty, overflow, found string "4xx"',
      'bad.yaml:8:34: faults: expected a faults key, found key "sed" (did you mean seed?)',
      "bad.yaml:9:8: cases: expected a path to a .jsonl or .csv file, or a list of mappings, found number 5",
      "bad.yaml:11:11: turns[0].user: expected a string, found number 42",
      'bad.yaml:12:44: turns[0].approvals[0].decision: expected allow or deny, found string "maybe"',
    ]);
  });

  it("quotes keys that are not plain names in field paths", () => {
    expect(problems(lines("name: x", "env: { 'A B': 1 }", "turns: [{ user: hi }]"))).toEqual([
      'bad.yaml:2:15: env["A B"]: expected a string, found number 1',
    ]);
  });
});
