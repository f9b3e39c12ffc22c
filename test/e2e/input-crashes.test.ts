import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import type { PromptReport } from "../../src/prompt/build-prompt-report.js";
import type { SkillsReport } from "../../src/skills/skill-types.js";
import { CLI_BUDGET_MS, cliTimeout, makeTempDir, runCliProcess } from "../support/run-cli.js";

/** `files` written under a new temp folder, which is returned. */
function tree(files: Record<string, string>): string {
  const dir = makeTempDir();
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

function cli(args: readonly string[]) {
  const home = makeTempDir();
  const env = { HOME: home, OPENCLAW_STATE_DIR: undefined, OPENCLAW_BUNDLED_SKILLS_DIR: undefined, TZ: undefined };
  return runCliProcess(args, { cwd: home, env: { ...env, PATH: makeTempDir(), CI: "true" } });
}

const skill = (name: string, metadata?: unknown) =>
  [
    "---",
    `name: ${name}`,
    "description: d",
    ...(metadata === undefined ? [] : [`metadata: ${JSON.stringify(metadata)}`]),
    "---",
    "",
    "Body.",
    "",
  ].join("\n");

describe("inputs that used to crash the CLI with exit 3 (real binary)", () => {
  it("skills: a NUL byte in requires.bins is a warning naming the SKILL.md; the report is complete", async () => {
    const ws = tree({
      "skills/nul/SKILL.md": skill("nul", { openclaw: { requires: { bins: ["a\u0000b"] } } }),
      "skills/plain/SKILL.md": skill("plain"),
    });
    const run = await cli(["skills", ws, "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `warning: ${ws}/skills/nul/SKILL.md:4:1: metadata.openclaw.requires.bins[0]: expected a program name (a path ` +
        "without NUL bytes, at most 4095 bytes, each name at most 255); the skill counts it as missing, found " +
        '"a\\u0000b" (a NUL byte at offset 1)\n',
    );
    const report = JSON.parse(run.stdout) as SkillsReport;
    expect(JSON.stringify(report)).toContain('"missing-bins"');
    expect(JSON.stringify(report)).toContain(`${ws}/skills/plain/SKILL.md`);
  });

  it("skills: a .gitignore line [z-a] in a skill folder is read without throwing", async () => {
    const ws = tree({
      "skills/guarded/SKILL.md": skill("guarded"),
      "skills/guarded/EXTRA.md": skill("extra"),
      "skills/guarded/.gitignore": "[z-a]\nEXTRA.md\n",
    });
    const run = await cli(["skills", ws, "--json"]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.stringify(JSON.parse(run.stdout) as SkillsReport);
    expect(report).toContain(`${ws}/skills/guarded/SKILL.md`);
    expect(report).not.toContain("EXTRA.md");
  });

  it(
    "prompt: a repoRoot with a NUL byte or 5 000 characters is a config warning naming file and key",
    async () => {
      for (const [repoRoot, found] of [
        ["a\u0000b", 'string "a\\u0000b"'],
        ["r".repeat(5000), `string "${"r".repeat(60)}..."`],
      ] as const) {
        const ws = tree({ "AGENTS.md": "agents\n" });
        const config = join(tree({}), "openclaw.json");
        writeFileSync(config, JSON.stringify({ agents: { defaults: { repoRoot } } }));
        const run = await cli(["prompt", ws, "--json", "--config", config]);
        expect(run.code).toBe(0);
        expect(run.stderr).toBe(
          `warning: ${config}: agents.defaults.repoRoot: expected a path without NUL bytes, at most 4095 bytes, ` +
            `each name at most 255 (the value is ignored), found ${found}\n`,
        );
        expect((JSON.parse(run.stdout) as PromptReport).text).not.toContain("repo=r");
      }
    },
    cliTimeout(2),
  );

  it("prompt --json: a 20 000-character AGENTS.md of one word is counted (linear BPE count)", async () => {
    const ws = tree({ "AGENTS.md": "a".repeat(20_000) });
    const run = await cli(["prompt", ws, "--json"]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.parse(run.stdout) as PromptReport;
    expect(report.text).toContain("a".repeat(20_000));
    const largest = [...report.sections].sort((left, right) => right.chars - left.chars)[0];
    expect(largest?.chars).toBeGreaterThan(20_000);
    expect(largest?.bpeTokens).toBeGreaterThan(2500);
  });
});

describe("regexes from the model and the scenario (real binary)", () => {
  it(
    "grep (a+)+$ and reply-matches ^(a+)+$ on 31 characters finish at once with the right answers",
    async () => {
      const dir = makeTempDir();
      const matching = "a".repeat(31);
      const failing = `${"a".repeat(30)}!`;
      const scenario = (reply: string) =>
        [
          "name: catastrophic patterns",
          "turns:",
          "  - user: Find the lines made of a.",
          "    script:",
          `      - { tool: write, input: { path: lines.txt, content: "${failing}\\n${matching}\\n" } }`,
          "      - { tool: grep, input: { pattern: '(a+)+$' } }",
          `      - text: "${reply}"`,
          "    expect: [{ reply-matches: '^(a+)+$' }]",
        ].join("\n");
      writeFileSync(join(dir, "a-passes.yaml"), `${scenario(matching)}\n`);
      writeFileSync(join(dir, "b-fails.yaml"), `${scenario(failing)}\n`);
      const out = join(dir, "out");
      // Backtracking took 72 s on the grep and 37 s on the expectation; linear matching takes none.
      const run = await runCliProcess(["run", ".", "--reporter", "json", "--out", out], {
        cwd: dir,
        env: { CI: "true" },
        deadlineMs: CLI_BUDGET_MS,
      });
      expect(run.code).toBe(1);
      const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
      const result = JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
      expect(result.units.map((unit) => unit.status)).toEqual(["passed", "failed"]);
      const grepResults = result.units[0]?.turns[0]?.events.flatMap((event) =>
        event.type === "tool_execution_end" && event.toolName === "grep"
          ? [event.result.content.map((block) => block.text).join("")]
          : [],
      );
      expect(grepResults).toEqual([`lines.txt:2: ${matching}`]);
      const messages = result.units.map((unit) => unit.turns[0]?.expectations.map((check) => check.message));
      expect(messages).toEqual([["reply-matches /^(a+)+$/"], ["reply does not match /^(a+)+$/"]]);
    },
    cliTimeout(1),
  );
});
