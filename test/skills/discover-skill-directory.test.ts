import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverSkillSources } from "../../src/skills/discover-skill-sources.js";
import { isIgnored, parseIgnoreRules } from "../../src/skills/parse-ignore-rules.js";
import { createWorkspaceRuntime, makeSymlink, namesOf, skillText, skippedOf, writeTree } from "./discover-test-tree.js";

const FOO = {
  "foo/SKILL.md": skillText(),
  "foo/EXTRA.md": skillText({ name: "foo-extra" }),
  "foo/README.md": "# Readme\n",
  "foo/NOTES.md": skillText(),
  "foo/sub/SKILL.md": skillText(),
  "foo/sub/OTHER.md": skillText({ name: "other" }),
};

async function setup(files: Record<string, string>) {
  const { rt, workspace } = createWorkspaceRuntime();
  const skills = join(workspace, "skills");
  writeTree(skills, files);
  return { rt, workspace, skills, discover: () => discoverSkillSources(workspace, {}, rt) };
}

describe("one skill folder (spec/skills.md §4.4)", () => {
  it("takes every top-level .md and every deeper SKILL.md, depth first in sorted order", async () => {
    const { skills, discover } = await setup(FOO);
    const discovered = await discover();
    expect(
      discovered.sources.at(-1)?.skills.map((skill) => [skill.name, skill.filePath.slice(skills.length + 1)]),
    ).toEqual([
      ["foo-extra", "foo/EXTRA.md"],
      ["foo", "foo/NOTES.md"],
      ["foo", "foo/SKILL.md"],
      ["sub", "foo/sub/SKILL.md"],
    ]);
    expect(skippedOf(discovered, skills)).toEqual(["foo/README.md: missing-description"]);
  });

  it("applies .gitignore, .ignore and .fdignore at each level", async () => {
    const { skills, discover } = await setup({
      ...FOO,
      "foo/.gitignore": "EXTRA.md\n",
      "foo/.ignore": "# comment\nNOTES.md\n",
      "foo/sub/.fdignore": "/SKILL.md\n",
      "foo/deep/x/SKILL.md": skillText(),
    });
    expect(namesOf(await discover(), skills)).toEqual(["foo", "x"]);
  });

  it("does not descend into ignored folders, and ! re-includes files", async () => {
    const { skills, discover } = await setup({
      "foo/SKILL.md": skillText(),
      "foo/.gitignore": "*.md\n!SKILL.md\nbuild/\n",
      "foo/A.md": skillText({ name: "a" }),
      "foo/build/SKILL.md": skillText(),
    });
    expect(namesOf(await discover(), skills)).toEqual(["foo"]);
  });
});

describe("gitignore rules", () => {
  it("match like git: basenames anywhere, anchored paths, ** and directory-only patterns", () => {
    const rules = [parseIgnoreRules("*.log\n/top.md\ndocs/*.md\n**/tmp\nout/\n\\#hash\nkeep\\ \n", "")];
    const check = (path: string, dir = false) => isIgnored(rules, path, dir);
    expect([check("a.log"), check("x/y/a.log"), check("top.md"), check("x/top.md")]).toEqual([true, true, true, false]);
    expect([
      check("docs/a.md"),
      check("docs/x/a.md"),
      check("a/b/tmp", true),
      check("out", true),
      check("out"),
    ]).toEqual([true, false, true, true, false]);
    expect([check("#hash"), check("keep "), check("keep")]).toEqual([true, true, false]);
  });

  it("scope a nested file's rules to its folder", () => {
    const rules = [parseIgnoreRules("/SKILL.md\n[ab]?.md\n", "sub")];
    expect(isIgnored(rules, "sub/SKILL.md", false)).toBe(true);
    expect(isIgnored(rules, "SKILL.md", false)).toBe(false);
    expect(isIgnored(rules, "sub/ax.md", false)).toBe(true);
    expect(isIgnored(rules, "sub/cx.md", false)).toBe(false);
  });

  it("let a deeper file re-include what an outer file ignored, and the reverse", () => {
    const rules = [parseIgnoreRules("*.md\n", ""), parseIgnoreRules("!KEEP.md\nDROP/\n", "sub")];
    expect(isIgnored(rules, "sub/KEEP.md", false)).toBe(false);
    expect(isIgnored(rules, "sub/OTHER.md", false)).toBe(true);
    expect(isIgnored(rules, "KEEP.md", false)).toBe(true);
    expect(isIgnored(rules, "sub/DROP", true)).toBe(true);
    expect(isIgnored(rules, "sub/DROP", false)).toBe(false);
  });

  it("never throw on lines git would reject, such as a reversed range", () => {
    const rules = [parseIgnoreRules("[z-a]\n[\n\\\nEXTRA.md\n", "")];
    expect(isIgnored(rules, "EXTRA.md", false)).toBe(true);
    expect(isIgnored(rules, "SKILL.md", false)).toBe(false);
  });
});

describe("a skill folder whose .gitignore has a reversed range", () => {
  it("is discovered, the other lines still applied", async () => {
    const { skills, discover } = await setup({ ...FOO, "foo/.gitignore": "[z-a]\nEXTRA.md\n" });
    expect(namesOf(await discover(), skills)).toEqual(["foo", "foo", "sub"]);
  });
});

describe("symlinks (spec/skills.md §4.5)", () => {
  it("follows a symlinked skill folder and SKILL.md inside the root, keeping the link path (and its folder name)", async () => {
    const { skills, discover } = await setup({ "real/SKILL.md": skillText(), "store/target.md": skillText() });
    makeSymlink(join(skills, "real"), join(skills, "alias"));
    makeSymlink(join(skills, "store/target.md"), join(skills, "viafile/SKILL.md"));
    const discovered = await discover();
    expect(
      discovered.sources.at(-1)?.skills.map((skill) => [skill.name, skill.filePath.slice(skills.length + 1)]),
    ).toEqual([
      ["alias", "alias/SKILL.md"],
      ["real", "real/SKILL.md"],
      ["viafile", "viafile/SKILL.md"],
    ]);
    expect(discovered.diagnostics).toEqual([]);
  });

  it("refuses symlinked folders and files that resolve outside the root, naming link and target", async () => {
    const { rt, skills, discover } = await setup({ "ok/SKILL.md": skillText() });
    const outside = join(rt.root, "outside");
    writeTree(outside, { "evil/SKILL.md": skillText(), "file.md": skillText({ name: "evil-file" }) });
    makeSymlink(join(outside, "evil"), join(skills, "escape"));
    makeSymlink(join(outside, "file.md"), join(skills, "ok/EXTRA.md"));
    const discovered = await discover();
    expect(namesOf(discovered, skills)).toEqual(["ok"]);
    expect(discovered.diagnostics.map((d) => [d.severity, (d as { code?: string }).code, d.file, d.found])).toEqual([
      [
        "error",
        "symlink-outside-root",
        join(skills, "escape"),
        `${join(skills, "escape")} -> ${join(outside, "evil")}`,
      ],
      [
        "error",
        "symlink-outside-root",
        join(skills, "ok/EXTRA.md"),
        `${join(skills, "ok/EXTRA.md")} -> ${join(outside, "file.md")}`,
      ],
    ]);
  });

  it("skips broken symlinks and survives symlink cycles", async () => {
    const { skills, discover } = await setup({ "a/SKILL.md": skillText() });
    makeSymlink(join(skills, "missing"), join(skills, "broken"));
    makeSymlink(join(skills, "nowhere.md"), join(skills, "a/LOST.md"));
    makeSymlink(join(skills, "a"), join(skills, "a/loop"));
    const discovered = await discover();
    expect(namesOf(discovered, skills)).toEqual(["a"]);
    expect(skippedOf(discovered, skills)).toEqual(["broken: broken-symlink", "a/LOST.md: broken-symlink"]);
  });
});
