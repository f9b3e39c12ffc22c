import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import { escapeXml } from "./escape-xml.js";
import { type CatalogSkill, SKILL_BLOCK_FIXED_CHARS, SKILLS_CATALOG_OVERHEAD_CHARS } from "./format-skills-prompt.js";

/** The prompt limits of spec/skills.md §1.4 (`skills.limits.*`). */
export interface SkillPromptLimits {
  /** Skills in the catalog at most; default 150. Negative counts as 0. */
  maxSkillsInPrompt: number;
  /** Chars of the catalog (§9.2 model, notes excluded) at most; default 30000. */
  maxSkillsPromptChars: number;
}

/** Reads `skills.limits` through the config schema; a limit is used as given whenever it is a number (so `0` is honoured). */
export function resolveSkillPromptLimits(config: OpenClawConfigInput | undefined): SkillPromptLimits {
  const { maxSkillsInPrompt, maxSkillsPromptChars } = resolveConfigSection(config, "skills").limits;
  return { maxSkillsInPrompt, maxSkillsPromptChars };
}

/** The schema's defaults of the prompt limits. */
export const DEFAULT_SKILL_PROMPT_LIMITS: Readonly<SkillPromptLimits> = resolveSkillPromptLimits(undefined);

/** Why the catalog holds fewer skills than are visible: the count cap, the char budget, or neither. */
export type SkillBudgetReason = "count" | "chars" | null;

export interface SkillBudgetResult<T> {
  /** A prefix of the visible skills, in their order. */
  chosen: T[];
  /** True when some visible skill was left out (or nothing fits at all). */
  truncated: boolean;
  reason: SkillBudgetReason;
}

/** Chars one skill adds to the catalog (§9.2): 97 plus its escaped name, description and path. */
export function skillCatalogChars(skill: CatalogSkill): number {
  return (
    SKILL_BLOCK_FIXED_CHARS +
    escapeXml(skill.name).length +
    escapeXml(skill.description).length +
    escapeXml(skill.filePath).length
  );
}

/** `catalogLength` of spec/skills.md §9.2: 0 for no skills, else 368 plus each skill's chars. */
export function skillsCatalogLength(skills: readonly CatalogSkill[]): number {
  if (skills.length === 0) return 0;
  return skills.reduce((total, skill) => total + skillCatalogChars(skill), SKILLS_CATALOG_OVERHEAD_CHARS);
}

/**
 * Chooses the catalog's skills (spec/skills.md §9.1): the first `maxSkillsInPrompt` visible skills,
 * then, when their catalog exceeds `maxSkillsPromptChars`, the longest prefix that fits, found by
 * binary search. Lengths use the absolute (un-compacted) paths and no notes. Pure.
 */
export function budgetSkills<T extends CatalogSkill>(
  visible: readonly T[],
  limits: SkillPromptLimits,
): SkillBudgetResult<T> {
  const byCount = visible.slice(0, Math.max(0, limits.maxSkillsInPrompt));
  const prefixLengths = [0];
  let running = SKILLS_CATALOG_OVERHEAD_CHARS;
  for (const skill of byCount) {
    running += skillCatalogChars(skill);
    prefixLengths.push(running);
  }
  const fits = (count: number) => (prefixLengths[count] ?? Number.POSITIVE_INFINITY) <= limits.maxSkillsPromptChars;
  if (fits(byCount.length)) {
    const truncated = visible.length > byCount.length;
    return { chosen: byCount, truncated, reason: truncated ? "count" : null };
  }
  let low = 0;
  let high = byCount.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return { chosen: byCount.slice(0, low), truncated: true, reason: "chars" };
}
