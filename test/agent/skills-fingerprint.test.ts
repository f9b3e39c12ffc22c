// Guards the skills fingerprint against: a missing or file root failing or counting, a change
// to a root's or a child's SKILL.md going unseen, and ignored folders counting.
import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSkillsFingerprint } from "../../src/agent/skills-fingerprint.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

describe("readSkillsFingerprint", () => {
  it("lists the SKILL.md files of existing roots and changes when one changes", async () => {
    const runtime = createTestRuntime({
      files: {
        "skills/a/SKILL.md": "---\nname: a\n---\n",
        "skills/node_modules/x/SKILL.md": "---\nname: x\n---\n",
        "single/SKILL.md": "---\nname: s\n---\n",
        "afile.txt": "not a folder",
      },
    });
    const roots = ["skills", "single", "missing", "afile.txt"].map((name) => join(runtime.root, name));
    const first = await readSkillsFingerprint(roots, runtime);
    const lines = first.split("\n").map((line) => line.split("\u0000")[0]);
    expect(lines).toEqual([join(runtime.root, "skills/a/SKILL.md"), join(runtime.root, "single/SKILL.md")]);
    expect(await readSkillsFingerprint(roots.slice(2), runtime)).toBe("");
    writeFileSync(join(runtime.root, "skills/a/SKILL.md"), "---\nname: a\ndescription: longer\n---\n");
    utimesSync(join(runtime.root, "skills/a/SKILL.md"), 1, 1);
    expect(await readSkillsFingerprint(roots, runtime)).not.toBe(first);
  });
});
