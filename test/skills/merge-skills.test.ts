import { describe, expect, it } from "vitest";
import { mergeSkillEntries, mergeSkills, mergeSkillsWithOverrides } from "../../src/skills/merge-skills.js";
import type { Skill, SkillEntry, SkillSource } from "../../src/skills/skill-types.js";

function skill(name: string, source: SkillSource, path = `/${source}/${name}/SKILL.md`): Skill {
  return {
    name,
    description: "d",
    filePath: path,
    baseDir: path.replace(/\/SKILL\.md$/, ""),
    source,
    disableModelInvocation: false,
  };
}

describe("mergeSkills (spec/skills.md §5)", () => {
  it("lets the highest tier win while a name keeps its first position", () => {
    const merged = mergeSkillsWithOverrides([
      { source: "openclaw-bundled", skills: [skill("alpha", "openclaw-bundled"), skill("git", "openclaw-bundled")] },
      { source: "openclaw-managed", skills: [skill("alpha", "openclaw-managed")] },
      { source: "agents-skills-project", skills: [skill("git", "agents-skills-project")] },
      {
        source: "openclaw-workspace",
        skills: [skill("git", "openclaw-workspace"), skill("zed", "openclaw-workspace")],
      },
    ]);
    expect(merged.skills.map((s) => `${s.name}@${s.source}`)).toEqual([
      "alpha@openclaw-managed",
      "git@openclaw-workspace",
      "zed@openclaw-workspace",
    ]);
    expect(merged.overridden).toEqual([
      {
        name: "alpha",
        source: "openclaw-bundled",
        path: "/openclaw-bundled/alpha/SKILL.md",
        winnerSource: "openclaw-managed",
        winnerPath: "/openclaw-managed/alpha/SKILL.md",
      },
      {
        name: "git",
        source: "openclaw-bundled",
        path: "/openclaw-bundled/git/SKILL.md",
        winnerSource: "openclaw-workspace",
        winnerPath: "/openclaw-workspace/git/SKILL.md",
      },
      {
        name: "git",
        source: "agents-skills-project",
        path: "/agents-skills-project/git/SKILL.md",
        winnerSource: "openclaw-workspace",
        winnerPath: "/openclaw-workspace/git/SKILL.md",
      },
    ]);
  });

  it("lets the later skill of one root win, and treats names case-sensitively", () => {
    const merged = mergeSkills([
      {
        source: "openclaw-workspace",
        skills: [
          skill("same", "openclaw-workspace", "/w/one/SKILL.md"),
          skill("Git", "openclaw-workspace"),
          skill("same", "openclaw-workspace", "/w/two/SKILL.md"),
          skill("git", "openclaw-workspace"),
        ],
      },
    ]);
    expect(merged.map((s) => `${s.name}:${s.filePath}`)).toEqual([
      "same:/w/two/SKILL.md",
      "Git:/openclaw-workspace/Git/SKILL.md",
      "git:/openclaw-workspace/git/SKILL.md",
    ]);
  });

  it("walks groups by tier whatever their order, keeping the order of groups of one tier", () => {
    const merged = mergeSkills([
      { source: "openclaw-workspace", skills: [skill("a", "openclaw-workspace")] },
      { source: "openclaw-extra", skills: [skill("b", "openclaw-extra", "/x1/b/SKILL.md")] },
      { source: "openclaw-bundled", skills: [skill("a", "openclaw-bundled")] },
      { source: "openclaw-extra", skills: [skill("b", "openclaw-extra", "/x2/b/SKILL.md")] },
    ]);
    expect(merged.map((s) => `${s.name}:${s.filePath}`)).toEqual([
      "b:/x2/b/SKILL.md",
      "a:/openclaw-workspace/a/SKILL.md",
    ]);
  });

  it("merges parsed entries the same way", () => {
    const entry = (s: Skill): SkillEntry => ({
      skill: s,
      frontmatter: {},
      invocation: { userInvocable: true, disableModelInvocation: false },
    });
    const merged = mergeSkillEntries([
      {
        source: "openclaw-bundled",
        entries: [entry(skill("github", "openclaw-bundled")), entry(skill("alpha", "openclaw-bundled"))],
      },
      { source: "openclaw-workspace", entries: [entry(skill("github", "openclaw-workspace"))] },
    ]);
    expect(merged.entries.map((e) => `${e.skill.name}@${e.skill.source}`)).toEqual([
      "github@openclaw-workspace",
      "alpha@openclaw-bundled",
    ]);
    expect(merged.overridden.map((o) => `${o.name}:${o.source}->${o.winnerSource}`)).toEqual([
      "github:openclaw-bundled->openclaw-workspace",
    ]);
  });
});
