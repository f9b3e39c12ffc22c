import { describe, expect, it } from "vitest";
import { formatDiagnostic, type Scenario } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}

function scenarioOf(text: string): Scenario {
  const parsed = parseScenarioText({ text, file: "s.yaml" });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map(formatDiagnostic).join("\n"));
  const result = normaliseScenario({
    scenarioFile: parsed.value,
    path: "/suite/scenarios/s.yaml",
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

describe("memory expectations: loading", () => {
  it("normalises memory-top-hit, memory-cited, memory-written and memory-recalled", () => {
    const scenario = scenarioOf(
      lines(
        "name: memory",
        "turns:",
        "  - user: when is my train?",
        "    expect:",
        "      - memory-top-hit: { path: memory/2026-03-10.md }",
        "      - memory-top-hit: { path: MEMORY.md, lines: L3-L5, rank: 3, query: train }",
        "      - memory-top-hit: { path: MEMORY.md, lines: L7 }",
        "      - memory-cited: true",
        "      - memory-cited: { path: MEMORY.md }",
        "      - memory-written: { path: memory/2026-03-11.md }",
        "      - memory-written: { path: memory/2026-03-11.md, contains: train, appendOnly: true }",
        "      - memory-written: { path: memory/2026-03-11.md, contains: [a, b] }",
        "      - memory-recalled: true",
        "      - memory-recalled: false",
        "      - memory-recalled: { path: MEMORY.md, count: 2 }",
        "      - memory-recalled: { count: 0 }",
      ),
    );
    expect(scenario.turns[0]?.expect).toEqual([
      { type: "memory-top-hit", path: "memory/2026-03-10.md", rank: 1, location: at(5, 9) },
      {
        type: "memory-top-hit",
        path: "MEMORY.md",
        lines: { start: 3, end: 5 },
        rank: 3,
        query: "train",
        location: at(6, 9),
      },
      { type: "memory-top-hit", path: "MEMORY.md", lines: { start: 7, end: 7 }, rank: 1, location: at(7, 9) },
      { type: "memory-cited", location: at(8, 9) },
      { type: "memory-cited", path: "MEMORY.md", location: at(9, 9) },
      { type: "memory-written", path: "memory/2026-03-11.md", contains: [], appendOnly: false, location: at(10, 9) },
      {
        type: "memory-written",
        path: "memory/2026-03-11.md",
        contains: ["train"],
        appendOnly: true,
        location: at(11, 9),
      },
      {
        type: "memory-written",
        path: "memory/2026-03-11.md",
        contains: ["a", "b"],
        appendOnly: false,
        location: at(12, 9),
      },
      { type: "memory-recalled", recalled: true, location: at(13, 9) },
      { type: "memory-recalled", recalled: false, location: at(14, 9) },
      { type: "memory-recalled", recalled: true, path: "MEMORY.md", count: 2, location: at(15, 9) },
      { type: "memory-recalled", recalled: false, count: 0, location: at(16, 9) },
    ]);
  });

  it("reports bad memory expectation values with line numbers and suggestions", () => {
    expect(
      problems(
        lines(
          "name: x",
          "turns:",
          "  - user: hi",
          "    expect:",
          "      - memory-top-hit: { path: MEMORY.md, lines: 3-5, rank: 0 }",
          "      - memory-top-hit: { path: MEMORY.md, lines: L5-L3 }",
          "      - memory-top-hit: { pth: MEMORY.md }",
          "      - memory-top-hit: MEMORY.md",
          "      - memory-cited: false",
          "      - memory-cited: { file: MEMORY.md }",
          "      - memory-written: { path: '', contains: [], appendOnly: yes }",
          "      - memory-written: { path: a.md, append-only: true }",
          "      - memory-recalled: { count: -1 }",
          "      - memory-recalled: { paths: MEMORY.md }",
          "      - memory-recall: true",
        ),
      ),
    ).toEqual([
      'bad.yaml:5:51: turns[0].expect[0].memory-top-hit.lines: expected a line range like L3 or L3-L5, found string "3-5"',
      "bad.yaml:5:62: turns[0].expect[0].memory-top-hit.rank: expected a positive integer rank, found number 0",
      "bad.yaml:6:51: turns[0].expect[1].memory-top-hit.lines: expected a line range whose start is at most its end, found start 5 above end 3",
      'bad.yaml:7:27: turns[0].expect[2].memory-top-hit: expected a memory-top-hit key, found key "pth" (did you mean path?)',
      'bad.yaml:8:25: turns[0].expect[3].memory-top-hit: expected a mapping with path, lines, rank and query, found string "MEMORY.md"',
      "bad.yaml:9:23: turns[0].expect[4].memory-cited: expected true or a mapping with path, found boolean false",
      'bad.yaml:10:25: turns[0].expect[5].memory-cited: expected a memory-cited key, found key "file"',
      'bad.yaml:11:33: turns[0].expect[6].memory-written.path: expected a workspace-relative file path, e.g. memory/2026-03-10.md, found string ""',
      "bad.yaml:11:47: turns[0].expect[6].memory-written.contains: expected a non-empty list of strings, found an empty list",
      'bad.yaml:11:63: turns[0].expect[6].memory-written.appendOnly: expected true or false, found string "yes"',
      'bad.yaml:12:39: turns[0].expect[7].memory-written: expected a memory-written key, found key "append-only" (did you mean appendOnly?)',
      "bad.yaml:13:35: turns[0].expect[8].memory-recalled.count: expected a non-negative integer, found number -1",
      'bad.yaml:14:28: turns[0].expect[9].memory-recalled: expected a memory-recalled key, found key "paths" (did you mean path?)',
      'bad.yaml:15:9: turns[0].expect[10]: expected an expectation type, found key "memory-recall" (did you mean memory-recalled?)',
    ]);
  });
});
