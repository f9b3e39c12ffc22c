import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PATH_TEXT_EXPECTED } from "../../src/config/check-path-text.js";
import { checkSkillEligibility } from "../../src/skills/check-skill-eligibility.js";
import { loadEligibilityEnv } from "../../src/skills/load-eligibility-env.js";
import { parseSkillFile } from "../../src/skills/parse-skill-file.js";
import type { SkillEntry } from "../../src/skills/skill-types.js";
import { createWorkspaceRuntime, makeExecutable } from "./discover-test-tree.js";

const LONG = "x".repeat(300);
const manifest = JSON.stringify({ openclaw: { requires: { bins: ["git", "a\u0000b"], anyBins: [LONG, "git"] } } });
const text = `---\nname: tool\ndescription: d\nmetadata: ${manifest}\n---\n\nBody.\n`;
const expected = `a program name (${PATH_TEXT_EXPECTED}); the skill counts it as missing`;

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function parsedEntry(): SkillEntry {
  const parsed = parseSkillFile(text, "/skills/tool/SKILL.md", "tool");
  if (parsed.entry === undefined || parsed.skill === undefined) throw new Error("the skill did not load");
  return { ...parsed.entry, skill: parsed.skill };
}

describe("required bins no PATH lookup can take", () => {
  it("are warnings at the metadata line of the SKILL.md, and the skill still loads", () => {
    const parsed = parseSkillFile(text, "/skills/tool/SKILL.md", "tool");
    expect(parsed.skill?.name).toBe("tool");
    expect(parsed.diagnostics).toEqual([
      {
        file: "/skills/tool/SKILL.md",
        line: 4,
        column: 1,
        path: "metadata.openclaw.requires.bins[1]",
        expected,
        found: '"a\\u0000b" (a NUL byte at offset 1)',
        severity: "warning",
        code: "invalid-bin",
      },
      {
        file: "/skills/tool/SKILL.md",
        line: 4,
        column: 1,
        path: "metadata.openclaw.requires.anyBins[0]",
        expected,
        found: `"${"x".repeat(77)}..." (a 300-byte name, more than the 255 a file or folder name may have)`,
        severity: "warning",
        code: "invalid-bin",
      },
    ]);
  });

  it("are never looked up and count as missing, while the others are looked up as usual", async () => {
    const bin = mkdtempSync(join(tmpdir(), "claw-eval-bins-"));
    made.push(bin);
    makeExecutable(join(bin, "git"));
    const { rt } = createWorkspaceRuntime({ PATH: bin });
    const entry = parsedEntry();
    const env = await loadEligibilityEnv(rt, [entry]);
    expect([env.isOnPath("git"), env.isOnPath("a\u0000b"), env.isOnPath(LONG)]).toEqual([true, false, false]);
    expect(checkSkillEligibility(entry, {}, env)).toEqual({ eligible: false, reason: "missing-bins" });
  });
});
