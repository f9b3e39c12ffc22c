import type { Skill, SkillEntry } from "./skill-types.js";

/**
 * Hidden from the model (spec/skills.md §8): `disable-model-invocation` read as a boolean
 * string (`true`, `yes`, `on`, `1`) by the lenient reading, or the strict YAML boolean `true`.
 */
export function isHiddenFromModel(entry: SkillEntry): boolean {
  return entry.invocation.disableModelInvocation || entry.skill.disableModelInvocation;
}

/**
 * The visible skills: eligible, filtered entries that are not hidden, in their (merged) order.
 * Hidden skills stay eligible (snapshot `skills`, slash commands) but never reach the catalog
 * or its counts. Pure.
 */
export function filterVisibleSkills(entries: readonly SkillEntry[]): Skill[] {
  return entries.filter((entry) => !isHiddenFromModel(entry)).map((entry) => entry.skill);
}
