import { chmodSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExplainedExclusion } from "../../src/skills/explain-excluded-skills.js";
import type { SkillsReport } from "../../src/skills/skill-types.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** A workspace whose `skills/` holds a copy of each named `fixtures/skills/<case>` root. */
function workspaceWith(...cases: string[]): { root: string; ws: string } {
  const root = makeTempDir();
  const ws = join(root, "ws");
  mkdirSync(join(ws, "skills"), { recursive: true });
  for (const name of cases) {
    cpSync(join(PROJECT_ROOT, "fixtures/skills", name), join(ws, "skills"), {
      recursive: true,
      filter: (source) => !source.endsWith("README.md"),
    });
  }
  return { root, ws };
}

/** `count` skills whose frontmatter name differs from their folder (a name-mismatch warning each). */
function writeMismatchedSkills(ws: string, count: number): void {
  for (let index = 0; index < count; index++) {
    const dir = join(ws, "skills", `folder-${index}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "SKILL.md"), `---\nname: other-${index}\ndescription: d\n---\n\nBody.\n`);
  }
}

/** Runs the CLI with HOME, the state dir and PATH of the test only. */
function cli(args: readonly string[], root: string, path: readonly string[] = []) {
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  return runCliProcess(args, {
    cwd: home,
    env: {
      HOME: home,
      OPENCLAW_STATE_DIR: join(root, "state"),
      OPENCLAW_BUNDLED_SKILLS_DIR: undefined,
      OPENCLAW_HOME: undefined,
      PATH: [makeTempDir("claw-eval-e2e-path-"), ...path].join(delimiter),
      GEM_KEY: undefined,
      TZ: undefined,
      CI: "true",
    },
  });
}

const nothing = { os: [], bins: [], anyBins: [], env: [], config: [] };

describe("claw-eval skills explains itself (real binary)", () => {
  it(
    "names the missing bins, anyBins, env vars and config paths in the text, and in --json with --verbose",
    async () => {
      const { root, ws } = workspaceWith("requires-bins-env-config");
      const binDir = join(root, "bin");
      mkdirSync(binDir);
      writeFileSync(join(binDir, "jq"), "#!/bin/sh\nexit 0\n");
      chmodSync(join(binDir, "jq"), 0o755);

      const text = await cli(["skills", ws], root, [binDir]);
      expect(text.code).toBe(0);
      const lines = text.stdout.split("\n");
      expect(lines).toContain(
        "Ineligible: needs-any-bins (missing-any-bins), needs-bins (missing-bins), needs-config (missing-config), needs-env (missing-env)",
      );
      expect(lines).toContain("  needs-any-bins: none of: rg, ag is on PATH");
      expect(lines).toContain("  needs-bins: bins not on PATH: curl");
      expect(lines).toContain("  needs-config: config not set: feature.x");
      expect(lines).toContain("  needs-env: env not set: GEM_KEY");
      expect(lines).toContain("What the lines mean:");
      expect(text.stdout).toMatch(/^ {2}missing-any-bins +none of the programs in requires\.anyBins is on PATH$/m);

      const plain = await cli(["skills", ws, "--json"], root, [binDir]);
      expect({ code: plain.code, stderr: plain.stderr }).toEqual({ code: 0, stderr: "" });
      const contract = JSON.parse(plain.stdout) as SkillsReport;
      expect(contract.excluded).toEqual([
        { name: "needs-any-bins", reason: "missing-any-bins" },
        { name: "needs-bins", reason: "missing-bins" },
        { name: "needs-config", reason: "missing-config" },
        { name: "needs-env", reason: "missing-env" },
      ]);

      const verbose = await cli(["skills", ws, "--json", "--verbose"], root, [binDir]);
      expect({ code: verbose.code, stderr: verbose.stderr }).toEqual({ code: 0, stderr: "" });
      const explained = JSON.parse(verbose.stdout) as SkillsReport & { excluded: ExplainedExclusion[] };
      expect(explained.excluded).toEqual([
        { name: "needs-any-bins", reason: "missing-any-bins", missing: { ...nothing, anyBins: ["rg", "ag"] } },
        { name: "needs-bins", reason: "missing-bins", missing: { ...nothing, bins: ["curl"] } },
        { name: "needs-config", reason: "missing-config", missing: { ...nothing, config: ["feature.x"] } },
        { name: "needs-env", reason: "missing-env", missing: { ...nothing, env: ["GEM_KEY"] } },
      ]);
      // Everything else is the contract's report, key for key.
      expect({ ...explained, excluded: contract.excluded }).toEqual(contract);
      expect(Object.keys(explained)).toEqual(Object.keys(contract));
    },
    cliTimeout(3),
  );

  it(
    "summarises a kind of warning repeated across skills, lists them with --verbose, and always lists errors",
    async () => {
      const { root, ws } = workspaceWith("invalid-yaml");
      writeMismatchedSkills(ws, 6);
      const file = (dir: string) => join(ws, "skills", dir, "SKILL.md");

      const quiet = await cli(["skills", ws, "--json"], root);
      expect(quiet.code).toBe(0);
      const lines = quiet.stderr.trimEnd().split("\n");
      expect(lines.filter((line) => line.startsWith("error: ")).map((line) => line.split(":")[1])).toEqual(
        ["bad-indentation", "duplicate-key", "unquoted-colon", "unterminated-json"].map((dir) => ` ${file(dir)}`),
      );
      expect(lines.filter((line) => line.startsWith("warning: "))).toEqual([
        `warning: 6 skills: name differs from its folder name (name-mismatch), e.g. ${file("folder-0")}:2:1; --verbose lists them`,
      ]);
      expect((JSON.parse(quiet.stdout) as SkillsReport).discovered).toHaveLength(7);

      const verbose = await cli(["skills", ws, "--json", "--verbose"], root);
      expect(verbose.code).toBe(0);
      const warnings = verbose.stderr.split("\n").filter((line) => line.startsWith("warning: "));
      expect(warnings).toHaveLength(6);
      for (let index = 0; index < 6; index++) {
        expect(warnings).toContain(
          `warning: ${file(`folder-${index}`)}:2:1: name: expected the folder name "folder-${index}", found "other-${index}"`,
        );
      }
      expect(verbose.stderr.split("\n").filter((line) => line.startsWith("error: "))).toHaveLength(4);
    },
    cliTimeout(2),
  );

  it(
    "--strict exits 1 when a skill file has an error, after printing the whole report; 0 when none has",
    async () => {
      const { root, ws } = workspaceWith("invalid-yaml");
      const strict = await cli(["skills", ws, "--json", "--strict"], root);
      expect(strict.code).toBe(1);
      expect(strict.stderr.trimEnd().split("\n").at(-1)).toBe(
        "error: --strict: 4 skill files have errors (listed above)",
      );
      expect((JSON.parse(strict.stdout) as SkillsReport).discovered.map((skill) => skill.name)).toEqual([
        "valid-sibling",
      ]);
      const lenient = await cli(["skills", ws], root);
      expect(lenient.code).toBe(0);

      const clean = workspaceWith("requires-bins-env-config");
      writeMismatchedSkills(clean.ws, 1);
      const onlyWarnings = await cli(["skills", clean.ws, "--strict"], clean.root);
      expect(onlyWarnings.code).toBe(0);
      expect(onlyWarnings.stderr).toBe(
        `warning: ${join(clean.ws, "skills", "folder-0", "SKILL.md")}:2:1: name: expected the folder name "folder-0", found "other-0"\n`,
      );
    },
    cliTimeout(3),
  );
});

describe("claw-eval prompt --tools (real binary)", () => {
  it(
    "warns on stderr about a tool name it does not know; stdout stays one JSON document listing it",
    async () => {
      const { root, ws } = workspaceWith();
      const run = await cli(["prompt", ws, "--tools", "read,bogus,reed", "--json"], root);
      expect(run.code).toBe(0);
      const warnings = run.stderr.split("\n").filter((line) => line.startsWith("warning: --tools"));
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(
        /^warning: --tools: "bogus" is not a known tool; .*known tools: .*\bread\b.*\bwrite\b/,
      );
      expect(warnings[1]).toBe(
        'warning: --tools: "reed" is not a known tool; the prompt lists it without a summary (did you mean read?)',
      );
      const report = JSON.parse(run.stdout) as { text: string };
      expect(report.text.split("\n")).toContain("- bogus");

      const known = await cli(["prompt", ws, "--tools", "read,exec", "--json"], root);
      expect(known.stderr).not.toContain("--tools");
    },
    cliTimeout(2),
  );
});
