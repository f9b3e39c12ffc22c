import { mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isValidTimeZone, MAX_TIME_ZONE_LENGTH } from "../../src/config/is-valid-time-zone.js";
import { formatDiagnostic } from "../../src/domain/index.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";
import {
  MAX_CASES,
  MAX_CASES_FILE_BYTES,
  MAX_PATH_BYTES,
  MAX_PATH_NAME_BYTES,
  MAX_REPEAT,
} from "../../src/scenarios/scenario-limits.js";

const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function makeTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "claw-eval-bounds-"));
  temporary.push(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

/** The formatted diagnostics of one scenario file's text (schema checks only). */
function problems(lines: string[]): string[] {
  const parsed = parseScenarioText({ text: `${lines.join("\n")}\n`, file: "s.yaml" });
  return parsed.ok ? [] : parsed.diagnostics.map(formatDiagnostic);
}

const TURNS = ["turns:", "  - user: hi"];

async function loadMessages(root: string, paths = ["s.yaml"]): Promise<string[]> {
  const result = await loadScenarios({ paths, cwd: root });
  if (result.diagnostics.length === 0) expect(result.scenarios.length).toBeGreaterThan(0);
  return result.diagnostics.map(formatDiagnostic);
}

describe("bins entries", () => {
  it("accepts plain file names", () => {
    expect(problems(["name: x", 'bins: [jq, "my-tool.sh", ".hidden", "a..b"]', ...TURNS])).toEqual([]);
  });

  it("rejects anything that is not a plain file name, at the entry's line and column", () => {
    const long = "n".repeat(MAX_PATH_NAME_BYTES + 1);
    const messages = problems([
      "name: x",
      "bins:",
      '  - "../../../../../../tmp/x/pwned"',
      '  - "a\\\\b"',
      '  - "a\\u0000b"',
      "  - ..",
      "  - .",
      '  - ""',
      `  - ${long}`,
      ...TURNS,
    ]);
    const rule = "expected a plain file name (not empty, not . or .., no /, \\ or NUL, at most 255 bytes)";
    expect(messages).toEqual([
      `s.yaml:3:5: bins[0]: ${rule}, found string "../../../../../../tmp/x/pwned", which holds a /`,
      `s.yaml:4:5: bins[1]: ${rule}, found string "a\\\\b", which holds a \\`,
      `s.yaml:5:5: bins[2]: ${rule}, found string "a\\u0000b", which holds a NUL byte`,
      `s.yaml:6:5: bins[3]: ${rule}, found string "..", which names the parent folder`,
      `s.yaml:7:5: bins[4]: ${rule}, found string ".", which names the folder itself`,
      `s.yaml:8:5: bins[5]: ${rule}, found string ""`,
      `s.yaml:9:5: bins[6]: ${rule}, found string "${"n".repeat(60)}...", which is 256 bytes long`,
    ]);
  });
});

describe("paths a unit writes to", () => {
  it("accept ~, relative paths and :memory:, and refuse absolute paths and climbing out, at the field", async () => {
    expect(
      problems([
        "name: x",
        "env:",
        "  OPENCLAW_STATE_DIR: ~/state",
        "  OPENCLAW_HOME: home/sub",
        "  OTHER_DIR: /anywhere",
        ...TURNS,
      ]),
    ).toEqual([]);
    const rule = "expected a path under ~ or a relative one that stays inside the unit's own temp folders";
    const envMessages = problems([
      "name: x",
      "env:",
      "  OPENCLAW_STATE_DIR: /tmp/elsewhere",
      "  CLAWDBOT_STATE_DIR: ../up",
      '  OPENCLAW_HOME: "~/../../x"',
      ...TURNS,
    ]);
    expect(envMessages).toEqual([
      expect.stringMatching(
        /^s\.yaml:3:23: env\.OPENCLAW_STATE_DIR: .*found string "\/tmp\/elsewhere", which is an absolute path$/,
      ),
      expect.stringMatching(/^s\.yaml:4:23: env\.CLAWDBOT_STATE_DIR: .*, which climbs out with \.\.$/),
      expect.stringMatching(/^s\.yaml:5:18: env\.OPENCLAW_HOME: .*, which climbs out with \.\.$/),
    ]);
    for (const message of envMessages) expect(message).toContain(rule);
    const storePath = (value: string) => [
      "name: x",
      "config:",
      "  agents:",
      "    defaults:",
      `      memorySearch: { store: { path: ${JSON.stringify(value)} } }`,
      ...TURNS,
    ];
    const root = await makeTree({
      "ok.yaml": storePath("~/index/{agentId}.sqlite").join("\n"),
      "mem.yaml": storePath(":memory:").join("\n"),
      "abs.yaml": storePath("/tmp/claw-eval-idx.sqlite").join("\n"),
      "up.yaml": storePath("../../up.sqlite").join("\n"),
    });
    expect(await loadMessages(root, ["ok.yaml", "mem.yaml"])).toEqual([]);
    const messages = await loadMessages(root, ["abs.yaml", "up.yaml"]);
    expect(messages).toEqual([
      expect.stringMatching(
        /^abs\.yaml:5:38: config\.agents\.defaults\.memorySearch\.store\.path: .*which is an absolute path$/,
      ),
      expect.stringMatching(
        /^up\.yaml:5:38: config\.agents\.defaults\.memorySearch\.store\.path: .*which climbs out with \.\.$/,
      ),
    ]);
  });
});

describe("path fields", () => {
  const FIELDS: [string, string[], string][] = [
    ["workspace", ['workspace: "{}"'], "workspace"],
    ["home", ['home: "{}"'], "home"],
    ["hooks", ['hooks: ["{}"]'], "hooks[0]"],
    ["session", ['session: "{}"'], "session"],
    ["golden", ['golden: { systemPrompt: "{}" }'], "golden.systemPrompt"],
    ["cases", ['cases: "{}"'], "cases"],
    [
      "prompt-golden",
      ["turns:", "  - user: hi", '    expect: [{ prompt-golden: "{}" }]'],
      "turns[0].expect[0].prompt-golden",
    ],
    ["custom", ["turns:", "  - user: hi", '    expect: [{ custom: "{}" }]'], "turns[0].expect[0].custom"],
    [
      "custom.module",
      ["turns:", "  - user: hi", '    expect: [{ custom: { module: "{}" } }]'],
      "turns[0].expect[0].custom.module",
    ],
  ];
  const BAD: [string, string, RegExp][] = [
    ["a NUL byte", "dir/a\\u0000b", /, which holds a NUL byte$/],
    ["a long name", `dir/${"n".repeat(MAX_PATH_NAME_BYTES + 1)}`, /, which has a name of 256 bytes$/],
    ["a long path", "d/".repeat(MAX_PATH_BYTES / 2 + 1), /, which is 4098 bytes long$/],
    ["a long name in UTF-8 bytes", "é".repeat(128), /, which has a name of 256 bytes$/],
  ];

  for (const [field, template, path] of FIELDS) {
    it(`${field}: NUL bytes, over-long names and over-long paths are diagnostics at the field`, () => {
      for (const [what, value, found] of BAD) {
        const lines = template.map((line) => line.replace("{}", value));
        const text = ["name: x", ...lines, ...(lines.some((line) => line === "turns:") ? [] : TURNS)];
        const messages = problems(text);
        expect(messages, what).toHaveLength(1);
        expect(messages[0], what).toMatch(
          new RegExp(`^s\\.yaml:\\d+:\\d+: ${path.replace(/[[\].]/g, "\\$&")}: expected `),
        );
        expect(messages[0], what).toContain("with no NUL byte, at most 4096 bytes, each name at most 255 bytes");
        expect(messages[0], what).toMatch(found);
      }
    });
  }

  it("accepts a name of exactly 255 bytes and a path of exactly 4096 bytes", () => {
    const name = "n".repeat(MAX_PATH_NAME_BYTES);
    const path = `${"d/".repeat(MAX_PATH_BYTES / 2 - 1)}dd`;
    expect(Buffer.byteLength(path)).toBe(MAX_PATH_BYTES);
    expect(problems(["name: x", `workspace: ${name}`, `home: ${path}`, ...TURNS])).toEqual([]);
  });

  it("checks a path a case fills in, at the expectation", async () => {
    const root = await makeTree({
      "s.yaml": [
        "name: x",
        'cases: [{ file: "ok.md" }, { file: "a\\u0000b.md" }]',
        "turns:",
        "  - user: hi",
        '    expect: [{ prompt-golden: "{{file}}" }]',
      ].join("\n"),
    });
    const messages = await loadMessages(root);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^s\.yaml:5:31: turns\[0\]\.expect\[0\]\.prompt-golden: expected a golden file path \(\.md, relative to the scenario file\) with no NUL/,
    );
    expect(messages[0]).toContain("\\u0000b.md");
  });
});

describe("workspace and home folders", () => {
  it("a missing workspace or home, or one that is a file, is a diagnostic at its line before anything runs", async () => {
    const root = await makeTree({
      "missing.yaml": ["name: x", "workspace: nowhere", "home: ../also-nowhere", ...TURNS].join("\n"),
      "file.yaml": ["name: x", "workspace: notes.txt", "home: notes.txt/inner", ...TURNS].join("\n"),
      "notes.txt": "a file",
      "ok.yaml": ["name: x", "workspace: ws", "home: .", ...TURNS].join("\n"),
      "ws/AGENTS.md": "# agents",
    });
    const messages = await loadMessages(root, ["missing.yaml", "file.yaml", "ok.yaml"]);
    expect(messages).toEqual([
      'missing.yaml:2:12: workspace: expected an existing folder, relative to the scenario file, found nothing at "nowhere"',
      'missing.yaml:3:7: home: expected an existing folder, relative to the scenario file, found nothing at "../also-nowhere"',
      'file.yaml:2:12: workspace: expected an existing folder, relative to the scenario file, found a file at "notes.txt"',
      'file.yaml:3:7: home: expected an existing folder, relative to the scenario file, found a path through a file at "notes.txt/inner"',
    ]);
  });
});

describe("model ids in models:", () => {
  it("an unknown provider or a malformed id is a diagnostic at the entry, listing the known providers", () => {
    const messages = problems([
      "name: x",
      'models: [scripted, "bogus:x", "opnai:gpt-5", "scripted:foo", "simulated:"]',
      ...TURNS,
    ]);
    const rule =
      "expected a model id of a known provider (scripted, simulated, anthropic, openai), e.g. scripted or anthropic:<model>";
    expect(messages).toEqual([
      `s.yaml:2:20: models[1]: ${rule}, found string "bogus:x" (no provider is named "bogus")`,
      `s.yaml:2:31: models[2]: ${rule}, found string "opnai:gpt-5" (no provider is named "opnai") (did you mean openai:gpt-5?)`,
      `s.yaml:2:46: models[3]: ${rule}, found string "scripted:foo" (unknown scripted model "scripted:foo": use "scripted" or "scripted:echo")`,
      expect.stringMatching(
        /^s\.yaml:2:62: models\[4\]: .*found string "simulated:" \(invalid simulated model "simulated:": expected simulated:<name>/,
      ),
    ]);
  });

  it("accepts every provider's ids whether or not its API key is set (keys are checked when a run starts)", () => {
    const ids = [
      "scripted",
      "scripted:echo",
      "simulated:careful?ack=0.5",
      "anthropic:claude-x",
      "openai:gpt-5",
      "openai:llama@http://localhost:1",
    ];
    expect(problems(["name: x", `models: [${ids.map((id) => JSON.stringify(id)).join(", ")}]`, ...TURNS])).toEqual([]);
  });
});

describe("timezone", () => {
  it("a 1 MB timezone is rejected by its length before Intl is asked", () => {
    const spy = vi.spyOn(Intl, "DateTimeFormat");
    try {
      expect(isValidTimeZone("A".repeat(1024 * 1024))).toBe(false);
      expect(isValidTimeZone("x".repeat(MAX_TIME_ZONE_LENGTH + 1))).toBe(false);
      expect(spy).not.toHaveBeenCalled();
      expect(isValidTimeZone("America/Argentina/ComodRivadavia")).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("a scenario's huge timezone is one diagnostic quoting the value cut short", () => {
    const messages = problems(["name: x", `timezone: "${"A".repeat(1024 * 1024)}"`, ...TURNS]);
    expect(messages).toEqual([
      `s.yaml:2:11: timezone: expected an IANA time zone, e.g. Asia/Shanghai, found string "${"A".repeat(60)}..."`,
    ]);
  });
});

describe("bounds", () => {
  it(`repeat is at most ${MAX_REPEAT}`, () => {
    expect(problems(["name: x", `repeat: ${MAX_REPEAT}`, ...TURNS])).toEqual([]);
    expect(problems(["name: x", "repeat: 1000000000", ...TURNS])).toEqual([
      "s.yaml:2:9: repeat: expected a positive integer of at most 1000, found number 1000000000",
    ]);
  });

  it("a file asking for more than 100000 work units is a diagnostic at repeat, counted without building them", async () => {
    const cases = Array.from({ length: 51 }, (_, index) => `{ n: ${index} }`).join(", ");
    const root = await makeTree({
      "s.yaml": [
        "name: x {{n}}",
        "repeat: 1000",
        "models: [scripted, scripted:echo]",
        `cases: [${cases}]`,
        ...TURNS,
      ].join("\n"),
      "fits.yaml": ["name: x {{n}}", "models: [scripted, scripted:echo]", `cases: [${cases}]`, ...TURNS].join("\n"),
    });
    expect(await loadMessages(root)).toEqual([
      "s.yaml:2:1: repeat: expected at most 100000 work units (cases x models x repeat) per scenario file, found 51 cases x 2 models x 1000 repeats = 102000 work units",
    ]);
    expect(await loadMessages(root, ["fits.yaml"])).toEqual([]);
  });

  it(`a cases file with more than ${MAX_CASES} rows is a diagnostic at cases (jsonl and csv)`, async () => {
    const rows = MAX_CASES + 1;
    const root = await makeTree({
      "jsonl.yaml": ["name: x", "cases: rows.jsonl", ...TURNS].join("\n"),
      "csv.yaml": ["name: x", "cases: rows.csv", ...TURNS].join("\n"),
      "rows.jsonl": "{}\n".repeat(rows),
      "rows.csv": `n\n${"1\n".repeat(rows)}`,
      "exact.yaml": ["name: x", "cases: exact.csv", ...TURNS].join("\n"),
      "exact.csv": `n\n${"1\n".repeat(MAX_CASES)}`,
      "exact-jsonl.yaml": ["name: x", "cases: exact.jsonl", ...TURNS].join("\n"),
      "exact.jsonl": `${"{}\n".repeat(MAX_CASES)}\n\n`,
    });
    expect(await loadMessages(root, ["jsonl.yaml", "csv.yaml"])).toEqual([
      "jsonl.yaml:2:1: cases: expected at most 100000 cases, found more than 100000 rows in rows.jsonl",
      "csv.yaml:2:1: cases: expected at most 100000 cases, found more than 100000 rows in rows.csv",
    ]);
    expect(await loadMessages(root, ["exact.yaml", "exact-jsonl.yaml"])).toEqual([]);
  });

  it("a cases file over the size cap is refused before it is read", async () => {
    const root = await makeTree({ "s.yaml": ["name: x", "cases: big.jsonl", ...TURNS].join("\n"), "big.jsonl": "" });
    // A sparse file: its size is over the cap, its content would not even parse.
    await truncate(join(root, "big.jsonl"), MAX_CASES_FILE_BYTES + 1);
    expect(await loadMessages(root)).toEqual([
      "s.yaml:2:1: cases: expected a cases file of at most 67108864 bytes (64 MiB), found a file of 67108865 bytes at big.jsonl",
    ]);
  });

  it("an inline cases list is bounded too", () => {
    const cases = Array.from({ length: MAX_CASES + 1 }, () => "{}").join(", ");
    expect(problems(["name: x", `cases: [${cases}]`, ...TURNS])).toEqual([
      "s.yaml:2:8: cases: expected a list of at most 100000 cases, found a list",
    ]);
  });
});
