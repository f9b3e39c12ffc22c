import { describe, expect, it } from "vitest";
import { formatDiagnostic, type Scenario } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { normaliseScenarioCases } from "../../src/scenarios/normalise-scenario-cases.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

const folder = "/suite/scenarios";

function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}

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

function problems(text: string): string[] {
  const result = parseScenarioText({ text, file: "bad.yaml" });
  if (result.ok) throw new Error("expected diagnostics, the file parsed");
  return result.diagnostics.map(formatDiagnostic);
}

const at = (line: number, column: number) => ({ file: "s.yaml", line, column });

describe("context keys: normalisation", () => {
  it("normalises summaries, hang steps, contextWindow and session", () => {
    const scenario = scenarioOf(
      lines(
        "name: long session",
        "contextWindow: 20000",
        "session: ./sessions/long.jsonl",
        "summaries:",
        "  - text: first summary",
        "  - error: { status: 503, message: busy }",
        "  - hang: true",
        "turns:",
        "  - user: hi",
        "    script: [{ hang: true }, { text: done }]",
        "    summaries: [{ text: turn summary }]",
        "  - user: again",
      ),
    );
    expect(scenario.contextWindow).toBe(20000);
    expect(scenario.session).toBe("/suite/scenarios/sessions/long.jsonl");
    expect(scenario.summaries).toEqual([
      { kind: "text", text: "first summary" },
      { kind: "error", status: 503, message: "busy" },
      { kind: "hang" },
    ]);
    expect(scenario.turns[0]?.script).toEqual([{ kind: "hang" }, { kind: "text", text: "done" }]);
    expect(scenario.turns[0]?.summaries).toEqual([{ kind: "text", text: "turn summary" }]);
    expect(scenario.turns[1]).not.toHaveProperty("summaries");
  });

  it("leaves summaries empty and contextWindow and session unset when the file has none", () => {
    const scenario = scenarioOf(lines("name: plain", "turns: [{ user: hi }]"));
    expect(scenario.summaries).toEqual([]);
    expect(scenario).not.toHaveProperty("contextWindow");
    expect(scenario).not.toHaveProperty("session");
  });

  it("normalises compaction, pruned and prompt-tokens-max expectations", () => {
    const scenario = scenarioOf(
      lines(
        "name: checks",
        "turns:",
        "  - user: hi",
        "    expect:",
        "      - compaction: true",
        "      - compaction: false",
        "      - compaction: { trigger: overflow }",
        "      - compaction:",
        "          trigger: threshold",
        "          identifiersPreserved: 0.9",
        "          tokensAfterMax: 25000",
        "          reduction: { min: 0.5 }",
        "          structure: true",
        "      - compaction: { triggered: false, trigger: manual }",
        "      - pruned: true",
        "      - pruned: { mechanism: guard-truncate, tools: exec }",
        "      - pruned: { tools: [read, grep], count: 2 }",
        "      - pruned: { count: 0 }",
        "      - prompt-tokens-max: 180000",
      ),
    );
    expect(scenario.turns[0]?.expect).toEqual([
      { type: "compaction", triggered: true, location: at(5, 9) },
      { type: "compaction", triggered: false, location: at(6, 9) },
      { type: "compaction", triggered: true, trigger: "overflow", location: at(7, 9) },
      {
        type: "compaction",
        triggered: true,
        trigger: "threshold",
        identifiersPreserved: 0.9,
        tokensAfterMax: 25000,
        reduction: { min: 0.5 },
        structure: true,
        location: at(8, 9),
      },
      { type: "compaction", triggered: false, trigger: "manual", location: at(14, 9) },
      { type: "pruned", pruned: true, location: at(15, 9) },
      { type: "pruned", pruned: true, mechanism: "guard-truncate", tools: ["exec"], location: at(16, 9) },
      { type: "pruned", pruned: true, tools: ["read", "grep"], count: 2, location: at(17, 9) },
      { type: "pruned", pruned: false, count: 0, location: at(18, 9) },
      { type: "prompt-tokens-max", max: 180000, location: at(19, 9) },
    ]);
  });

  it("fills {{field}} placeholders in scenario and turn summaries and in pruned tools", () => {
    const text = lines(
      'name: "compact {{tool}}"',
      'summaries: [{ text: "scenario summary {{id}}" }]',
      "turns:",
      "  - user: go",
      '    summaries: [{ error: { message: "{{tool}} failed" } }]',
      "    expect:",
      '      - pruned: { tools: "{{tool}}" }',
    );
    const parsed = parse(text);
    const result = normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: `${folder}/s.yaml`,
      displayPath: "s.yaml",
      fileId: "s",
      locate: parsed.locate,
      cases: [{ index: 0, fields: { tool: "exec", id: "a1b2c3d" } }],
    });
    if (!("scenarios" in result)) throw new Error(result.diagnostics.map(formatDiagnostic).join("\n"));
    const [scenario] = result.scenarios;
    expect(scenario?.name).toBe("compact exec");
    expect(scenario?.summaries).toEqual([{ kind: "text", text: "scenario summary a1b2c3d" }]);
    expect(scenario?.turns[0]?.summaries).toEqual([{ kind: "error", message: "exec failed" }]);
    expect(scenario?.turns[0]?.expect[0]).toMatchObject({ type: "pruned", tools: ["exec"] });
  });

  it("reports a scenario summary placeholder the case cannot fill at its line", () => {
    const parsed = parse(lines("name: x", 'summaries: [{ text: "{{missing}}" }]', "turns: [{ user: hi }]"));
    const result = normaliseScenarioCases({
      scenarioFile: parsed.value,
      path: `${folder}/s.yaml`,
      displayPath: "s.yaml",
      fileId: "s",
      locate: parsed.locate,
      cases: [{ index: 0, fields: { other: 1 } }],
    });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:2:21: summaries[0].text: expected a field of case #1, found placeholder "{{missing}}"',
    ]);
  });
});

describe("context keys: diagnostics", () => {
  it("reports bad contextWindow, session and summary steps at their lines", () => {
    expect(
      problems(
        lines(
          "name: x",
          "contextWindow: 0",
          'session: ""',
          "summaries:",
          "  - { txt: a }",
          "  - { error: { message: m, retryAfter: 3 } }",
          "  - { hang: false }",
          "turns:",
          "  - user: hi",
          "    script: [{ hang: 1 }]",
          "    summaries: [{ text: a, error: { message: b } }]",
        ),
      ),
    ).toEqual([
      "bad.yaml:2:16: contextWindow: expected a positive integer number of tokens, at most 10000000, found number 0",
      'bad.yaml:3:10: session: expected a path to a JSONL session transcript, found string ""',
      'bad.yaml:5:7: summaries[0]: expected a summary step key, found key "txt" (did you mean text?)',
      'bad.yaml:6:28: summaries[1].error: expected a summary error key, found key "retryAfter"',
      "bad.yaml:7:13: summaries[2].hang: expected true, found boolean false",
      "bad.yaml:10:22: turns[0].script[0].hang: expected true, found number 1",
      'bad.yaml:11:17: turns[0].summaries[0]: expected a summary step (text, error or hang), found keys "text" and "error"',
    ]);
  });

  it.each([
    ["10000001", "number 10000001"],
    ["1.5", "number 1.5"],
    ["big", 'string "big"'],
  ])("rejects contextWindow: %s", (value, found) => {
    expect(problems(lines("name: x", `contextWindow: ${value}`, "turns: [{ user: hi }]"))).toEqual([
      `bad.yaml:2:16: contextWindow: expected a positive integer number of tokens, at most 10000000, found ${found}`,
    ]);
  });

  it("reports bad compaction, pruned and prompt-tokens-max values with suggestions", () => {
    expect(
      problems(
        lines(
          "name: x",
          "turns:",
          "  - user: hi",
          "    expect:",
          "      - compaction: { identifiersPreserved: 1.5, trigger: thresold }",
          "      - compaction: { triggred: true }",
          "      - compaction: { triggered: false, tokensAfterMax: 5 }",
          "      - compaction: { reduction: { min: 0.9, max: 0.5 } }",
          "      - compaction: { reduction: { mn: 0.1 } }",
          "      - compaction: yes",
          "      - pruned: { mechanism: soft-trimm, tools: [], count: -1 }",
          "      - pruned: { tool: exec }",
          "      - prompt-tokens-max: 0",
          "      - prompt-token-max: 5",
        ),
      ),
    ).toEqual([
      "bad.yaml:5:45: turns[0].expect[0].compaction.identifiersPreserved: expected a number from 0 to 1, found number 1.5",
      'bad.yaml:5:59: turns[0].expect[0].compaction.trigger: expected one of threshold, overflow or manual, found string "thresold"',
      'bad.yaml:6:23: turns[0].expect[1].compaction: expected a compaction key, found key "triggred" (did you mean triggered?)',
      'bad.yaml:7:57: turns[0].expect[2].compaction.tokensAfterMax: expected only trigger alongside triggered: false, found key "tokensAfterMax"',
      "bad.yaml:8:34: turns[0].expect[3].compaction.reduction: expected min at most max, found min 0.9 above max 0.5",
      'bad.yaml:9:36: turns[0].expect[4].compaction.reduction: expected a reduction key, found key "mn" (did you mean min?)',
      'bad.yaml:10:21: turns[0].expect[5].compaction: expected true, false or a mapping with triggered, trigger, identifiersPreserved, tokensAfterMax, reduction, structure, found string "yes"',
      'bad.yaml:11:30: turns[0].expect[6].pruned.mechanism: expected one of persist-cap, guard-truncate, guard-clear, overflow-truncate, soft-trim, hard-clear, found string "soft-trimm"',
      "bad.yaml:11:49: turns[0].expect[6].pruned.tools: expected a non-empty list of tool names, found an empty list",
      "bad.yaml:11:60: turns[0].expect[6].pruned.count: expected a non-negative integer, found number -1",
      'bad.yaml:12:19: turns[0].expect[7].pruned: expected a pruned key, found key "tool" (did you mean tools?)',
      "bad.yaml:13:28: turns[0].expect[8].prompt-tokens-max: expected a positive integer number of tokens, found number 0",
      'bad.yaml:14:9: turns[0].expect[9]: expected an expectation type, found key "prompt-token-max" (did you mean prompt-tokens-max?)',
    ]);
  });
});
