import type { Skill, SkillEntry, SkillSource } from "../../src/skills/skill-types.js";

/** A skill at `/w/skills/<name>/SKILL.md` unless told otherwise. */
export function makeSkill(name: string, overrides: Partial<Skill> = {}): Skill {
  const filePath = overrides.filePath ?? `/w/skills/${name}/SKILL.md`;
  return {
    name,
    description: "d",
    filePath,
    baseDir: filePath.slice(0, filePath.lastIndexOf("/")),
    source: "openclaw-workspace" satisfies SkillSource,
    disableModelInvocation: false,
    ...overrides,
  };
}

/** An entry around `makeSkill`, hidden when `disableModelInvocation` is set. */
export function makeEntry(skill: Skill, extra: Partial<Omit<SkillEntry, "skill">> = {}): SkillEntry {
  return {
    skill,
    frontmatter: {},
    invocation: { userInvocable: true, disableModelInvocation: skill.disableModelInvocation },
    ...extra,
  };
}
