import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatDiagnostic, type Scenario } from "../../src/domain/index.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";

const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function load(files: Record<string, string>): Promise<{ scenarios: Scenario[]; messages: string[] }> {
  const root = await mkdtemp(join(tmpdir(), "claw-eval-typed-"));
  temporary.push(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const result = await loadScenarios({ paths: ["s.yaml"], cwd: root });
  return { scenarios: result.scenarios, messages: result.diagnostics.map(formatDiagnostic) };
}

const lines = (...text: string[]): string => `${text.join("\n")}\n`;
const jsonl = (...rows: object[]): string => `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;

const TYPED = lines(
  'name: "typed {{id}}"',
  "cases: ./cases.jsonl",
  "turns:",
  '  - user: "{{count}}"',
  "    script:",
  '      - { tool: write, input: "{{input}}" }',
  '      - text: "{{count}} items, silent={{silent}}, words={{words}}"',
  "    expect:",
  '      - reply-silent: "{{silent}}"',
  '      - tool-called: { name: write, input: "{{input}}", times: "{{times}}" }',
  '      - reply-contains: "{{words}}"',
  '      - tool-not-called: { name: "{{tool}}", input: { path: "{{path}}" } }',
  "  - user: untouched",
  "    expect:",
  "      - reply-equals: plain",
);

describe("typed placeholders", () => {
  it("a value that is exactly {{field}} takes the case value's type: boolean, number, list, mapping", async () => {
    const { scenarios, messages } = await load({
      "s.yaml": TYPED,
      "cases.jsonl": jsonl(
        {
          id: "a",
          count: 3,
          silent: true,
          times: 2,
          words: ["x", "y"],
          input: { path: "a.md", lines: [1, 2] },
          tool: "edit",
          path: "b.md",
        },
        { id: "b", count: 0, silent: false, times: 0, words: "z", input: {}, tool: "exec", path: "c" },
      ),
    });
    expect(messages).toEqual([]);
    const [first, second] = scenarios;
    expect(first?.turns[0]?.expect.map(({ location: _, ...rest }) => rest)).toEqual([
      { type: "reply-silent", value: true },
      { type: "tool-called", name: "write", input: { path: "a.md", lines: [1, 2] }, times: 2 },
      { type: "reply-contains", values: ["x", "y"] },
      { type: "tool-not-called", name: "edit", input: { path: "b.md" } },
    ]);
    expect(first?.turns[0]?.script).toEqual([
      { kind: "tool_calls", calls: [{ name: "write", input: { path: "a.md", lines: [1, 2] } }] },
      { kind: "text", text: '3 items, silent=true, words=["x","y"]' },
    ]);
    expect(second?.turns[0]?.expect[0]).toMatchObject({ type: "reply-silent", value: false });
    expect(second?.turns[0]?.expect[2]).toMatchObject({ type: "reply-contains", values: ["z"] });
  });

  it("a placeholder among other text stays text, and a number where text is needed reads as its text", async () => {
    const { scenarios } = await load({
      "s.yaml": TYPED,
      "cases.jsonl": jsonl({ id: 5, count: 7, silent: true, times: 1, words: [], input: {}, tool: "t", path: "p" }),
    });
    expect(scenarios[0]?.name).toBe("typed 5");
    expect(scenarios[0]?.turns[0]?.text).toBe("7");
  });

  it("cases share the parts no placeholder touches", async () => {
    const { scenarios } = await load({
      "s.yaml": TYPED,
      "cases.jsonl": jsonl(
        { count: 1, silent: true, times: 1, words: [], input: {}, tool: "t", path: "p", id: "1" },
        { count: 2, silent: true, times: 1, words: [], input: {}, tool: "t", path: "p", id: "2" },
      ),
    });
    const [first, second] = scenarios;
    expect(first?.turns[1]).toBe(second?.turns[1]);
    expect(first?.turns[0]).not.toBe(second?.turns[0]);
  });

  it("validates after filling: errors name the file, the field, the case and its line in the cases file", async () => {
    const { scenarios, messages } = await load({
      "s.yaml": TYPED,
      "cases.jsonl": jsonl(
        { id: "ok", count: 1, silent: true, times: 1, words: [], input: {}, tool: "t", path: "p" },
        { id: "bad", count: 1, silent: "yes", times: -1, words: [3], input: [], tool: "", path: "p" },
        { id: "worse", count: 1, silent: "no", times: 1, words: [], input: {}, tool: "t", path: "p" },
      ),
    });
    expect(scenarios).toEqual([]);
    expect(messages).toEqual([
      "s.yaml:6:31: turns[0].script[0].input: expected a mapping, found an empty list in case #bad (cases.jsonl:2)",
      's.yaml:9:23: turns[0].expect[0].reply-silent: expected true or false, found string "yes" in case #bad (cases.jsonl:2) and 1 other case',
      "s.yaml:10:44: turns[0].expect[1].tool-called.input: expected a mapping, found an empty list in case #bad (cases.jsonl:2)",
      "s.yaml:10:64: turns[0].expect[1].tool-called.times: expected a non-negative integer, found number -1 in case #bad (cases.jsonl:2)",
      "s.yaml:11:25: turns[0].expect[2].reply-contains[0]: expected a string, found number 3 in case #bad (cases.jsonl:2)",
      's.yaml:12:34: turns[0].expect[3].tool-not-called.name: expected a tool name, found string "" in case #bad (cases.jsonl:2)',
    ]);
  });

  it("inline cases are named by their line in the scenario file; a missing field names the case too", async () => {
    const { messages } = await load({
      "s.yaml": lines(
        "name: inline",
        "cases:",
        "  - { id: first, flag: true }",
        "  - { id: second, flag: 1 }",
        "  - { id: third }",
        "turns:",
        "  - heartbeat: true",
        "    expect:",
        '      - heartbeat-ack: "{{flag}}"',
      ),
    });
    expect(messages).toEqual([
      's.yaml:9:24: turns[0].expect[0].heartbeat-ack: expected a field of case #third (s.yaml:5), found placeholder "{{flag}}"',
      "s.yaml:9:24: turns[0].expect[0].heartbeat-ack: expected true or false, found number 1 in case #second (s.yaml:4)",
    ]);
  });

  it("csv values are text: exactly {{field}} gives a string", async () => {
    const { scenarios } = await load({
      "s.yaml": lines(
        "name: csv",
        "cases: ./cases.csv",
        "turns:",
        "  - user: hi",
        "    expect:",
        '      - reply-equals: "{{n}}"',
      ),
      "cases.csv": "n\n42\n",
    });
    expect(scenarios[0]?.turns[0]?.expect[0]).toMatchObject({ type: "reply-equals", value: "42" });
  });
});

describe("placeholders in clock, timezone, env and config", () => {
  const FILE = lines(
    "name: settings {{zone}}",
    "clock: '{{clock}}'",
    'timezone: "{{zone}}"',
    'env: { GREETING: "hello {{who}}", TOKEN: "{{token}}" }',
    'config: { agents: { defaults: { bootstrapMaxChars: "{{chars}}" } } }',
    "cases: ./cases.jsonl",
    "turns:",
    "  - user: hi",
  );

  it("fills them per case, with types, and checks them as written values", async () => {
    const { scenarios, messages } = await load({
      "s.yaml": FILE,
      "cases.jsonl": jsonl(
        { clock: "2026-03-11T14:30:00+08:00", zone: "Asia/Shanghai", who: "Ann", token: "t1", chars: 5000 },
        { clock: "2026-01-01T00:00:00Z", zone: "UTC", who: "Bo", token: "t2", chars: 9000 },
      ),
    });
    expect(messages).toEqual([]);
    expect(scenarios.map((scenario) => [scenario.clockMs, scenario.timezone, scenario.env, scenario.config])).toEqual([
      [
        Date.parse("2026-03-11T14:30:00+08:00"),
        "Asia/Shanghai",
        { GREETING: "hello Ann", TOKEN: "t1" },
        { agents: { defaults: { bootstrapMaxChars: 5000 } } },
      ],
      [
        Date.parse("2026-01-01T00:00:00Z"),
        "UTC",
        { GREETING: "hello Bo", TOKEN: "t2" },
        { agents: { defaults: { bootstrapMaxChars: 9000 } } },
      ],
    ]);
  });

  it("reports a clock or time zone that a case makes invalid; a number for an env value reads as text", async () => {
    const { messages } = await load({
      "s.yaml": FILE,
      "cases.jsonl": jsonl(
        { clock: "yesterday", zone: "Mars/Base", who: "x", token: 5, chars: 1 },
        { clock: "2026-01-01T00:00:00Z", zone: "UTC", who: "x", token: [5], chars: 1 },
      ),
    });
    expect(messages).toEqual([
      's.yaml:2:8: clock: expected an ISO-8601 date-time with an offset, e.g. 2026-03-11T14:30:00+08:00, found string "yesterday" in case #1 (cases.jsonl:1)',
      's.yaml:3:11: timezone: expected an IANA time zone, e.g. Asia/Shanghai, found string "Mars/Base" in case #1 (cases.jsonl:1)',
      "s.yaml:4:42: env.TOKEN: expected a string, found a list in case #2 (cases.jsonl:2)",
    ]);
  });

  it("checks a config a case fills as openclaw.json, reporting a warning once for every case", async () => {
    const { scenarios, messages } = await load({
      "s.yaml": FILE,
      "cases.jsonl": jsonl(
        { clock: "2026-01-01T00:00:00Z", zone: "UTC", who: "x", token: "t", chars: "many" },
        { clock: "2026-01-01T00:00:00Z", zone: "UTC", who: "y", token: "t", chars: "many" },
      ),
    });
    expect(scenarios).toHaveLength(2);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^s\.yaml:5:\d+: config\.agents\.defaults\.bootstrapMaxChars: expected /);
  });
});
