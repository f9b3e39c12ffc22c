import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";

const fixtures = fileURLToPath(new URL("../fixtures/scenarios", import.meta.url));
const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function makeTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "claw-eval-scenarios-"));
  temporary.push(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

const MINIMAL = "name: minimal\nturns:\n  - user: hi\n";

async function load(paths: string[], cwd = fixtures) {
  const result = await loadScenarios({ paths, cwd });
  return { ...result, messages: result.diagnostics.map(formatDiagnostic), ids: result.scenarios.map((s) => s.id) };
}

describe("loadScenarios from folders", () => {
  it("loads a folder recursively, ids relative to it, skipping folders used as workspace or home", async () => {
    const result = await load(["valid"]);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["full", "minimal", "nested/a-b", "nested/deep"]);
    expect(result.files).toEqual(
      ["valid/full.yaml", "valid/minimal.yml", "valid/nested/a-b.yaml", "valid/nested/deep.yaml"].map((path) =>
        join(fixtures, path),
      ),
    );
    expect(result.scenarios[0]?.turns[1]?.expect[0]?.location).toEqual({
      file: "valid/full.yaml",
      line: 35,
      column: 9,
    });
  });

  it("sorts by path in code unit order and skips dot entries, node_modules and cassettes", async () => {
    const root = await makeTree({
      "a.yaml": MINIMAL,
      "B.yml": MINIMAL,
      "a-c.yaml": MINIMAL,
      "a/b.yaml": MINIMAL,
      "notes.md": "not yaml",
      ".hidden/x.yaml": "broken: [",
      ".dot.yaml": "broken: [",
      "node_modules/pkg/x.yaml": "broken: [",
      "sub/cassettes/x.yaml": "broken: [",
    });
    const result = await load(["."], root);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["B", "a-c", "a", "a/b"]);
  });

  it("hides a run folder only from the input that holds the scenario naming it", async () => {
    const root = await makeTree({
      "uses-ws.yaml": "name: s\nworkspace: ws\nhome: ./people/alice\nturns: [{ user: hi }]\n",
      "ws/config.yaml": "broken: [",
      "people/alice/settings.yml": "broken: [",
      "people/bob.yaml": MINIMAL,
      "self/itself.yaml": "name: t\nworkspace: .\nturns: [{ user: hi }]\n",
    });
    const result = await load(["."], root);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["people/bob", "self/itself", "uses-ws"]);
    expect((await load(["ws"], root)).messages).toEqual([
      "ws/config.yaml:1:10: expected valid YAML, found flow sequence in block collection must be sufficiently indented and end with a ]",
    ]);
  });

  it("loads a glob, with ids relative to its static prefix", async () => {
    const result = await load(["valid/**/*.yaml"]);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["full", "nested/a-b", "nested/deep"]);
  });

  it("names a file given directly by its file name and loads each file once", async () => {
    const result = await load(["valid/nested/deep.yaml", "valid/nested", "./valid/nested/deep.yaml"]);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["deep", "a-b"]);
  });

  it("reports inputs that match nothing", async () => {
    const result = await load(["no-such-folder", "nothing/**/*.yaml"]);
    expect(result.messages).toEqual([
      "no-such-folder:1:1: expected a scenario file, folder or glob, found nothing at no-such-folder",
      "nothing/**/*.yaml:1:1: expected a scenario file, folder or glob, found nothing at nothing/**/*.yaml",
    ]);
  });

  it("reports duplicate scenario ids and keeps the first", async () => {
    const root = await makeTree({ "one/same.yaml": MINIMAL, "two/same.yaml": MINIMAL });
    const result = await load(["one/same.yaml", "two/same.yaml"], root);
    expect(result.ids).toEqual(["same"]);
    expect(result.messages).toEqual([
      'two/same.yaml:1:1: expected a unique scenario id, found "same", also the id of one/same.yaml',
    ]);
  });

  it("names files outside the working directory by their absolute path", async () => {
    const root = await makeTree({ "bad.yaml": "name: x\n" });
    const result = await load([join(root, "bad.yaml")]);
    expect(result.messages).toEqual([`${join(root, "bad.yaml")}:1:1: turns: expected a list of turns, found nothing`]);
  });
});

describe("loadScenarios diagnostics", () => {
  it.each([
    ["yaml-syntax.yaml", ['invalid/yaml-syntax.yaml:5:1: expected valid YAML, found missing closing "quote']],
    [
      "duplicate-key.yaml",
      ['invalid/duplicate-key.yaml:4:1: expected unique keys in a mapping, found duplicate key "name"'],
    ],
    [
      "unknown-key.yaml",
      ['invalid/unknown-key.yaml:2:1: expected a scenario key, found key "tunrs" (did you mean turns?)'],
    ],
    [
      "misspelt-expectation.yaml",
      [
        'invalid/misspelt-expectation.yaml:5:9: turns[0].expect[0]: expected an expectation type, found key "reply-contain" (did you mean reply-contains?)',
        'invalid/misspelt-expectation.yaml:6:9: turns[0].expect[1]: expected an expectation type, found key "tool-caled" (did you mean tool-called?)',
      ],
    ],
    [
      "wrong-type.yaml",
      [
        'invalid/wrong-type.yaml:2:9: repeat: expected a positive integer of at most 1000, found string "two"',
        "invalid/wrong-type.yaml:4:11: turns[0].user: expected a string, found number 42",
        "invalid/wrong-type.yaml:6:25: turns[0].expect[0].reply-contains: expected a string or a list of strings, found number 3",
        "invalid/wrong-type.yaml:7:43: turns[0].expect[1].tool-called.times: expected a non-negative integer, found number -1",
      ],
    ],
    ["missing-turns.yaml", ["invalid/missing-turns.yaml:1:1: turns: expected a list of turns, found nothing"]],
    [
      "two-kinds.yaml",
      [
        "invalid/two-kinds.yaml:3:5: turns[0]: expected exactly one of user, heartbeat or system, found user and system",
        "invalid/two-kinds.yaml:5:5: turns[1]: expected exactly one of user, heartbeat or system, found none of them",
      ],
    ],
    [
      "bad-placeholder.yaml",
      [
        'invalid/bad-placeholder.yaml:6:11: turns[0].user: expected a field of case #1 (invalid/bad-placeholder.yaml:3) and 1 other case, found placeholder "{{cty}}" (did you mean city?)',
      ],
    ],
    [
      "missing-cases-file.yaml",
      [
        "invalid/missing-cases-file.yaml:2:1: cases: expected a .jsonl or .csv file, found nothing at invalid/no-such-file.csv",
      ],
    ],
    [
      "bad-cases-jsonl.yaml",
      [
        expect.stringMatching(/^invalid\/bad-rows\.jsonl:2:1: expected a JSON object, found invalid JSON \(.+\)$/),
        "invalid/bad-rows.jsonl:3:1: expected a JSON object, found a list",
      ],
    ],
    [
      "bad-cases-csv.yaml",
      [
        "invalid/bad-rows.csv:3:1: expected 2 fields as in the header, found 1",
        "invalid/bad-rows.csv:4:1: expected 2 fields as in the header, found 3",
      ],
    ],
    [
      "empty.yaml",
      ["invalid/empty.yaml:1:1: expected a mapping with at least name and turns, found an empty document"],
    ],
    [
      "bad-regex.yaml",
      [
        "invalid/bad-regex.yaml:5:9: turns[0].expect[0].reply-matches: expected a regular expression without backreferences or lookaround, found missing closing ): `(unclosed`",
      ],
    ],
  ])("%s", async (file, messages) => {
    const result = await load([`invalid/${file}`]);
    expect(result.messages).toEqual(messages);
    expect(result.scenarios).toEqual([]);
  });

  it("still loads the valid files next to invalid ones", async () => {
    const result = await load(["invalid/unknown-key.yaml", "valid/minimal.yml"]);
    expect(result.ids).toEqual(["minimal"]);
    expect(result.messages).toHaveLength(1);
  });
});

describe("loadScenarios with cases", () => {
  it("expands inline, jsonl and csv cases into one scenario each", async () => {
    const result = await load(["cases"]);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["csv#1", "csv#2", "inline#paris", "inline#2", "jsonl#one", "jsonl#2"]);
    expect(result.scenarios.map((scenario) => scenario.turns[0]?.text)).toEqual([
      'Say "hi", then a comma, please',
      "two\nlines",
      "What is the weather in Paris?",
      "What is the weather in Oslo?",
      "1+1?",
      "{{answer}}",
    ]);
    expect(result.scenarios[3]?.turns[0]?.script[0]).toEqual({
      kind: "tool_calls",
      calls: [{ name: "weather", input: { place: "Oslo", note: "literal Oslo too", nested: [{ deep: -2 }] } }],
    });
    expect(result.scenarios[5]?.turns[0]?.expect[0]).toMatchObject({ type: "reply-equals", value: "3" });
  });

  // The time this takes is measured by bench/scenarios.bench.ts (npm run bench:scenarios).
  it("loads a file with 1000 cases as 1000 scenarios, ids and placeholders from each row in order", async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => `c${index},City ${index},${index}`);
    const root = await makeTree({
      "rows.csv": `id,city,temp\n${rows.join("\n")}\n`,
      "big.yaml": [
        'name: "weather in {{city}}"',
        "cases: rows.csv",
        "turns:",
        '  - user: "Weather in {{city}}?"',
        "    script:",
        '      - { tool: weather, input: { place: "{{city}}" } }',
        '      - text: "{{temp}} degrees"',
        "    expect:",
        '      - reply-contains: "{{temp}} degrees"',
        '      - tool-called: { name: weather, input: { place: "{{city}}" } }',
        '      - reply-matches: "/{{temp}}/i"',
        "  - heartbeat: true",
        "",
      ].join("\n"),
    });
    const result = await load(["big.yaml"], root);
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(Array.from({ length: 1000 }, (_, index) => `big#c${index}`));
    const last = result.scenarios[999];
    expect(last?.name).toBe("weather in City 999");
    expect(last?.turns[0]?.text).toBe("Weather in City 999?");
    expect(last?.turns[0]?.script[0]).toEqual({
      kind: "tool_calls",
      calls: [{ name: "weather", input: { place: "City 999" } }],
    });
    expect(last?.turns.map((turn) => turn.kind)).toEqual(["user", "heartbeat"]);
  });
});
