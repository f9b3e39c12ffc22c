import type { Skill, SkillEntry, SkillSource } from "./skill-types.js";

/** The tiers of spec/skills.md §3, lowest precedence first. */
export const SKILL_SOURCE_PRECEDENCE: readonly SkillSource[] = [
  "openclaw-extra",
  "openclaw-bundled",
  "openclaw-managed",
  "agents-skills-personal",
  "agents-skills-project",
  "openclaw-workspace",
];

/** A skill that lost the merge to a later skill of the same name (reported `shadowed`, §14). */
export interface SkillMergeOverride {
  name: string;
  /** The loser's source and file. */
  source: SkillSource;
  path: string;
  /** The final winner of the name. */
  winnerSource: SkillSource;
  winnerPath: string;
}

export interface MergedSkills {
  /** Winners in merged order (position of a name's first occurrence). */
  skills: Skill[];
  /** Every loser, in the order it was displaced. */
  overridden: SkillMergeOverride[];
}

export interface MergedSkillEntries {
  /** Winning entries in merged order. */
  entries: SkillEntry[];
  overridden: SkillMergeOverride[];
}

function tierOf(source: SkillSource): number {
  return SKILL_SOURCE_PRECEDENCE.indexOf(source);
}

function mergeBy<T>(groups: readonly { source: SkillSource; items: readonly T[] }[], skillOf: (item: T) => Skill) {
  // A stable sort by tier: groups of one tier keep their given order, so callers' order never
  // decides between tiers.
  const ordered = groups.map((group, index) => ({ group, index }));
  ordered.sort((a, b) => tierOf(a.group.source) - tierOf(b.group.source) || a.index - b.index);
  const byName = new Map<string, T>();
  const losers: T[] = [];
  for (const { group } of ordered) {
    for (const item of group.items) {
      const name = skillOf(item).name;
      const previous = byName.get(name);
      if (previous !== undefined) losers.push(previous);
      byName.set(name, item);
    }
  }
  const overridden = losers.map((loser): SkillMergeOverride => {
    const lost = skillOf(loser);
    const winner = skillOf(byName.get(lost.name) as T);
    return {
      name: lost.name,
      source: lost.source,
      path: lost.filePath,
      winnerSource: winner.source,
      winnerPath: winner.filePath,
    };
  });
  return { skills: [...byName.values()], overridden };
}

/**
 * spec/skills.md §5: by exact name, higher tier wins; within a tier the later skill wins. A
 * name keeps the position of its first occurrence and takes the winner's value. Groups may come
 * in any order: they are walked by tier (stable within a tier). Pure.
 */
export function mergeSkills(bySource: readonly { source: SkillSource; skills: readonly Skill[] }[]): Skill[] {
  return mergeSkillsWithOverrides(bySource).skills;
}

/** {@link mergeSkills} plus every loser with the final winner of its name (for the funnel report). */
export function mergeSkillsWithOverrides(
  bySource: readonly { source: SkillSource; skills: readonly Skill[] }[],
): MergedSkills {
  return mergeBy(
    bySource.map((group) => ({ source: group.source, items: group.skills })),
    (skill) => skill,
  );
}

/** {@link mergeSkillsWithOverrides} over parsed entries (discovery's `sources[].entries`). */
export function mergeSkillEntries(
  bySource: readonly { source: SkillSource; entries: readonly SkillEntry[] }[],
): MergedSkillEntries {
  const merged = mergeBy(
    bySource.map((group) => ({ source: group.source, items: group.entries })),
    (entry) => entry.skill,
  );
  return { entries: merged.skills, overridden: merged.overridden };
}
