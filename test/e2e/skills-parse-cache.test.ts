import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SKILL_PARSE_CACHE_FILE } from "../../src/skills/skill-parse-cache-store.js";
import type { SkillsReport } from "../../src/skills/skill-types.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** Well in the past, so no file counts as just modified. */
const OLD_SECONDS = Date.parse("2026-01-01T00:00:00Z") / 1000;

function ageSkillFiles(skillsDir: string): void {
  for (const name of readdirSync(skillsDir)) {
    const file = join(skillsDir, name, "SKILL.md");
    if (existsSync(file)) utimesSync(file, OLD_SECONDS, OLD_SECONDS);
  }
}

describe("claw-eval skills keeps parse results in the state dir", () => {
  it(
    "prints the same bytes from the store as from the files, and re-parses a file edited at the same size",
    async () => {
      const root = makeTempDir();
      const home = join(root, "home");
      const stateDir = join(home, ".openclaw");
      const workspace = join(root, "ws");
      mkdirSync(stateDir, { recursive: true });
      cpSync(join(PROJECT_ROOT, "fixtures/workspaces/skills-demo"), workspace, { recursive: true });
      ageSkillFiles(join(workspace, "skills"));
      const env = { HOME: home, OPENCLAW_STATE_DIR: stateDir, OPENCLAW_BUNDLED_SKILLS_DIR: undefined, CI: "true" };
      const run = () => runCliProcess(["skills", workspace, "--json"], { cwd: root, env });

      const cold = await run();
      expect(cold.code).toBe(0);
      expect(existsSync(join(stateDir, SKILL_PARSE_CACHE_FILE))).toBe(true);
      const warm = await run();
      expect(warm).toStrictEqual(cold);

      const report = JSON.parse(cold.stdout) as SkillsReport;
      // A skill in the catalog, so that its description shows in the output.
      const first = report.discovered.find((skill) => skill.name === report.included[0]);
      if (first === undefined) throw new Error("the skills-demo workspace should have a skill in its catalog");
      const text = readFileSync(first.path, "utf8");
      const edited = text.replace(
        /description: (\S)/,
        (_, letter: string) => `description: ${letter === "X" ? "Y" : "X"}`,
      );
      expect(edited.length).toBe(text.length);
      writeFileSync(first.path, edited);
      utimesSync(first.path, OLD_SECONDS + 60, OLD_SECONDS + 60);
      const after = await run();
      expect(after.code).toBe(0);
      expect(after.stdout).not.toBe(cold.stdout);
      expect((JSON.parse(after.stdout) as SkillsReport).prompt).toContain("<description>X");
    },
    cliTimeout(3),
  );
});
