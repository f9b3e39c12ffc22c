import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import { discoverSkillSources } from "../../src/skills/discover-skill-sources.js";
import { createWorkspaceRuntime, namesOf, skillText, skippedOf, writeTree } from "./discover-test-tree.js";

/** Discovers with `files` under the workspace root `<ws>/skills` (and an optional extra root `<root>/x`). */
async function discover(
  files: Record<string, string>,
  config: OpenClawConfig = {},
  extra: Record<string, string> = {},
) {
  const { rt, workspace } = createWorkspaceRuntime();
  writeTree(join(workspace, "skills"), files);
  const extraRoot = join(rt.root, "x");
  writeTree(extraRoot, extra);
  const withExtra = { ...config, skills: { ...config.skills, load: { extraDirs: [extraRoot] } } };
  const discovered = await discoverSkillSources(workspace, withExtra, rt);
  return { discovered, skills: join(workspace, "skills"), extraRoot };
}

function sized(bytes: number, name?: string): string {
  const head = skillText(name === undefined ? {} : { name });
  return head + "x".repeat(bytes - Buffer.byteLength(head));
}

describe("discovery within one root (spec/skills.md §4.6)", () => {
  it("loads child folders in code-unit order", async () => {
    const files = Object.fromEntries(
      ["alpha", "_under", "Zeta", "9x", "10x"].map((n) => [`${n}/SKILL.md`, skillText()]),
    );
    const { discovered, skills } = await discover(files);
    expect(namesOf(discovered, skills)).toEqual(["10x", "9x", "Zeta", "_under", "alpha"]);
  });

  it("counts a folder without SKILL.md against the per-source cap and reports the rest beyond it", async () => {
    const files = {
      "a/SKILL.md": skillText(),
      "b/readme.txt": "x",
      "c/SKILL.md": skillText(),
      "d/SKILL.md": skillText(),
      "e/SKILL.md": skillText(),
    };
    const { discovered, skills } = await discover(files, { skills: { limits: { maxSkillsLoadedPerSource: 3 } } });
    expect(namesOf(discovered, skills)).toEqual(["a", "c"]);
    expect(skippedOf(discovered, skills)).toEqual([
      "b: no-skill-md",
      "d: beyond-source-limit",
      "e: beyond-source-limit",
    ]);
  });

  it("sorts a folder's several skills by name and cuts them to the cap, never visiting later folders", async () => {
    const files = {
      "a/SKILL.md": skillText(),
      "a/ZED.md": skillText({ name: "zed" }),
      "a/MID.md": skillText({ name: "mid" }),
      "b/SKILL.md": skillText(),
    };
    const { discovered, skills } = await discover(files, { skills: { limits: { maxSkillsLoadedPerSource: 2 } } });
    expect(namesOf(discovered, skills)).toEqual(["a", "mid"]);
    expect(skippedOf(discovered, skills)).toEqual(["a/ZED.md: beyond-source-limit"]);
  });

  it("skips a SKILL.md over maxSkillFileBytes and loads one exactly at it", async () => {
    const files = {
      "big/SKILL.md": sized(256_001),
      "big/EXTRA.md": skillText({ name: "extra" }),
      "edge/SKILL.md": sized(256_000),
    };
    const { discovered, skills } = await discover(files);
    expect(namesOf(discovered, skills)).toEqual(["edge"]);
    expect(discovered.sources.at(-1)?.skipped).toEqual([
      { path: join(skills, "big/SKILL.md"), reason: "oversize", detail: "256001 bytes > maxSkillFileBytes 256000" },
    ]);
  });

  it("honours maxSkillFileBytes 0 and maxSkillsLoadedPerSource 0", async () => {
    const files = { "a/SKILL.md": skillText(), "b/SKILL.md": skillText() };
    const zeroBytes = await discover(files, { skills: { limits: { maxSkillFileBytes: 0 } } });
    expect(namesOf(zeroBytes.discovered, zeroBytes.skills)).toEqual([]);
    expect(skippedOf(zeroBytes.discovered, zeroBytes.skills)).toEqual(["a/SKILL.md: oversize", "b/SKILL.md: oversize"]);
    const zeroSkills = await discover(files, { skills: { limits: { maxSkillsLoadedPerSource: 0 } } });
    expect(skippedOf(zeroSkills.discovered, zeroSkills.skills)).toEqual([
      "a: beyond-source-limit",
      "b: beyond-source-limit",
    ]);
  });

  it("warns about a root with more children than maxCandidatesPerRoot and still loads them", async () => {
    const files = { "a/SKILL.md": skillText(), "b/SKILL.md": skillText(), "c/SKILL.md": skillText() };
    const { discovered, skills } = await discover(files, { skills: { limits: { maxCandidatesPerRoot: 2 } } });
    expect(namesOf(discovered, skills)).toEqual(["a", "b", "c"]);
    expect(discovered.diagnostics).toMatchObject([
      { file: skills, severity: "warning", code: "suspiciously-large-root", found: "3" },
    ]);
  });

  it("re-roots at a nested skills/ folder holding skill folders, ignoring its siblings", async () => {
    const files = {
      "a/SKILL.md": skillText(),
      "SKILL.md": skillText({ name: "top" }),
      "skills/inner/SKILL.md": skillText(),
    };
    const { discovered, skills } = await discover(files);
    expect(namesOf(discovered, skills)).toEqual(["inner"]);
  });

  it("keeps the root when its skills/ folder holds no skill folder", async () => {
    const files = { "a/SKILL.md": skillText(), "skills/notes/readme.md": "x" };
    const { discovered, skills } = await discover(files);
    expect(namesOf(discovered, skills)).toEqual(["a"]);
    expect(skippedOf(discovered, skills)).toEqual(["skills: no-skill-md"]);
  });

  it("re-roots an extra root /repo with skills/a and other/", async () => {
    const extra = { "skills/a/SKILL.md": skillText(), "other/SKILL.md": skillText() };
    const { discovered, extraRoot } = await discover({}, {}, extra);
    expect(namesOf(discovered, extraRoot)).toEqual(["a"]);
  });

  it("loads a root that is itself a skill as one skill folder with no cap", async () => {
    const extra = {
      "SKILL.md": skillText({ name: "rootskill" }),
      "child/SKILL.md": skillText(),
      "doc.md": skillText(),
      "other/deep/SKILL.md": skillText(),
    };
    const { discovered, extraRoot } = await discover(
      {},
      { skills: { limits: { maxSkillsLoadedPerSource: 1 } } },
      extra,
    );
    expect(namesOf(discovered, extraRoot)).toEqual(["rootskill", "child", "x", "deep"]);
  });

  it("skips the whole root when its own SKILL.md is oversize", async () => {
    const { discovered, extraRoot } = await discover(
      {},
      {},
      { "SKILL.md": sized(300_000), "child/SKILL.md": skillText() },
    );
    expect(namesOf(discovered, extraRoot)).toEqual([]);
    expect(skippedOf(discovered, extraRoot)).toEqual(["SKILL.md: root-oversize"]);
  });

  it("ignores dot folders, node_modules and plain files", async () => {
    const files = { ".hidden/SKILL.md": skillText(), "node_modules/SKILL.md": skillText(), "file.md": skillText() };
    const { discovered, skills } = await discover(files);
    expect(namesOf(discovered, skills)).toEqual([]);
    expect(skippedOf(discovered, skills)).toEqual([]);
  });

  it("rejects invalid frontmatter with a located error and loads the siblings", async () => {
    const files = { "bad/SKILL.md": "---\ndescription: Use this: it works\n---\n", "good/SKILL.md": skillText() };
    const { discovered, skills } = await discover(files);
    expect(namesOf(discovered, skills)).toEqual(["good"]);
    expect(skippedOf(discovered, skills)).toEqual(["bad/SKILL.md: invalid-frontmatter"]);
    expect(discovered.diagnostics).toMatchObject([
      { file: join(skills, "bad/SKILL.md"), severity: "error", code: "invalid-frontmatter", line: 2 },
    ]);
  });

  it("keeps both skills when two folders of one root share a name (merge picks the later)", async () => {
    const files = { "one/SKILL.md": skillText({ name: "same" }), "two/SKILL.md": skillText({ name: "same" }) };
    const { discovered, skills } = await discover(files);
    expect(discovered.sources.at(-1)?.skills.map((skill) => skill.filePath)).toEqual([
      join(skills, "one/SKILL.md"),
      join(skills, "two/SKILL.md"),
    ]);
  });
});
