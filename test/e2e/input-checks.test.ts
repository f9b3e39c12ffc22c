import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, runCliProcess } from "../support/run-cli.js";

const TURNS = ["turns:", "  - user: hi", "    script: [{ text: ok }]"];

/** A temp folder holding the given files, and an empty report folder beside them. */
function setUp(files: Record<string, string>): { dir: string; out: string } {
  const dir = makeTempDir("claw-eval-input-checks-");
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const out = join(dir, "reports");
  mkdirSync(out);
  return { dir, out };
}

async function run(args: string[], options: { dir: string; env?: Record<string, string> }) {
  return runCliProcess(["run", ...args], { cwd: options.dir, ...(options.env ? { env: options.env } : {}) });
}

/** Lines of stderr, without the trailing empty one. */
function lines(text: string): string[] {
  return text.split("\n").filter((line, index, all) => line !== "" || index < all.length - 1);
}

describe("claw-eval run refuses bad input before anything runs (exit 2)", () => {
  it("a bins entry that climbs out of the stub folder is a diagnostic at its line, and nothing is written", async () => {
    const { dir, out } = setUp({});
    const target = join(dir, "pwned");
    writeFileSync(
      join(dir, "s.yaml"),
      ["name: bins", "bins:", "  - ok", `  - "../../../../../../../../..${target}"`, ...TURNS].join("\n"),
    );
    const result = await run(["s.yaml", "--out", out], { dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`s.yaml:4:5: bins[1]: expected a plain file name`);
    expect(result.stderr).toContain("which holds a /");
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(out)).toEqual([]);
  });

  it("a missing workspace or a home that is a file is a diagnostic at its line, not a unit error", async () => {
    const { dir, out } = setUp({
      "s.yaml": ["name: folders", "workspace: missing-folder", "home: notes.txt", ...TURNS].join("\n"),
      "notes.txt": "a file",
    });
    const result = await run(["s.yaml", "--out", out], { dir });
    expect(result.code).toBe(2);
    expect(lines(result.stderr).slice(0, 2)).toEqual([
      's.yaml:2:12: workspace: expected an existing folder, relative to the scenario file, found nothing at "missing-folder"',
      's.yaml:3:7: home: expected an existing folder, relative to the scenario file, found a file at "notes.txt"',
    ]);
    expect(result.stderr).not.toContain("ENOENT");
    expect(readdirSync(out)).toEqual([]);
  });

  it("a bad model id in models: names file, line and field; a bad -m names the flag", async () => {
    const { dir, out } = setUp({
      "s.yaml": ["name: models", "models: [scripted, bogus:x]", ...TURNS].join("\n"),
      "ok.yaml": ["name: ok", ...TURNS].join("\n"),
    });
    const inFile = await run(["s.yaml", "--out", out], { dir });
    expect(inFile.code).toBe(2);
    expect(inFile.stderr).toContain(
      "s.yaml:2:20: models[1]: expected a model id of a known provider (scripted, simulated, anthropic, openai)",
    );
    const onFlag = await run(["ok.yaml", "--out", out, "-m", "opnai:gpt-5"], { dir });
    expect(onFlag.code).toBe(2);
    expect(lines(onFlag.stderr)).toEqual([
      'claw-eval: -m/--model: unknown model "opnai:gpt-5": expected one of scripted[:...], simulated[:...], anthropic[:...], openai[:...] (did you mean openai:gpt-5?)',
    ]);
    expect(readdirSync(out)).toEqual([]);
  });

  it("repeat: 1000000000 is a diagnostic, --repeat over the limit a usage error, and so is a run of too many units", async () => {
    const cases = Array.from({ length: 101 }, (_, index) => `{ n: ${index} }`).join(", ");
    const { dir, out } = setUp({
      "huge.yaml": ["name: huge", "repeat: 1000000000", ...TURNS].join("\n"),
      "wide.yaml": ["name: wide {{n}}", `cases: [${cases}]`, ...TURNS].join("\n"),
    });
    const huge = await run(["huge.yaml", "--out", out], { dir });
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain(
      "huge.yaml:2:9: repeat: expected a positive integer of at most 1000, found number 1000000000",
    );
    const flag = await run(["wide.yaml", "--out", out, "--repeat", "1001"], { dir });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--repeat: expected a positive integer of at most 1000, found "1001"');
    const wide = await run(["wide.yaml", "--out", out, "--repeat", "1000"], { dir });
    expect(wide.code).toBe(2);
    expect(wide.stderr).toContain("the run would have 101000 work units, more than the limit of 100000");
    expect(readdirSync(out)).toEqual([]);
  });

  it("a TMPDIR that does not exist is reported once, before any unit runs", async () => {
    const { dir, out } = setUp({
      "a.yaml": ["name: a", ...TURNS].join("\n"),
      "b.yaml": ["name: b", "repeat: 3", ...TURNS].join("\n"),
    });
    const missing = join(dir, "no-such-temp");
    const result = await run([".", "--out", out], { dir, env: { TMPDIR: missing } });
    expect(result.code).toBe(2);
    const reported = lines(result.stderr);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(
      new RegExp(
        `^claw-eval: TMPDIR \\(${missing}\\) cannot hold the run's temp folders \\(ENOENT.*\\): set TMPDIR to an existing, writable folder$`,
      ),
    );
    expect(result.stdout).toBe("");
    expect(readdirSync(out)).toEqual([]);
  });

  it("every diagnostic is one line, with newlines and bidirectional characters in names and case ids escaped", async () => {
    const { dir, out } = setUp({
      "s.yaml": ["name: ids", 'cases: [{ id: "a\\u202eb\\nc" }, { id: "a\\u202eb\\nc" }]', ...TURNS].join("\n"),
      "odd\u2028name\n.yaml": ["name: odd", "tunrs: []"].join("\n"),
    });
    const result = await run([".", "--out", out], { dir });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'odd\\u2028name\\n.yaml:2:1: expected a scenario key, found key "tunrs" (did you mean turns?)',
      's.yaml:2:38: cases[1].id: expected a unique case id, found id "a\\u202eb\\nc" also used by case 1',
      "",
      "2 problems in 2 invalid files: odd\\u2028name\\n.yaml, s.yaml",
      "Nothing was run. Fix the files above and run again.",
    ]);
    expect(result.stderr).not.toMatch(/[\u202e\u2028\u2029\ufeff]/);
  });
});
