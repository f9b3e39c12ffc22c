import { normaliseSkillFilter } from "./apply-skill-filter.js";
import { type PlanSkillsPromptOptions, planSkillsPrompt, type SkillsPromptPlan } from "./plan-skills-prompt.js";
import type { SkillEntry, SkillSnapshot } from "./skill-types.js";

export interface BuildSkillSnapshotOptions extends PlanSkillsPromptOptions {
  /** The skills version the snapshot was built at (`getSkillsVersion`). */
  version?: number;
}

function snapshotSkill(entry: SkillEntry): SkillSnapshot["skills"][number] {
  const primaryEnv = entry.metadata?.primaryEnv;
  const requires = entry.metadata?.requires;
  return {
    name: entry.skill.name,
    ...(primaryEnv === undefined ? {} : { primaryEnv }),
    ...(requires === undefined ? {} : { requiredEnv: [...requires.env] }),
  };
}

/**
 * The skills snapshot of spec/skills.md §12.1, from already discovered and merged entries:
 * `skills` = eligible, filtered entries (hidden ones included), `skillFilter` only when given,
 * `resolvedSkills` = the visible skills before budgeting (absolute paths), `prompt` = the §9.3
 * string (untrimmed), `version` as passed. Pure.
 */
export function buildSkillSnapshot(options: BuildSkillSnapshotOptions): SkillSnapshot {
  return snapshotFromPlan(planSkillsPrompt(options), options.version);
}

/** The snapshot of an already computed plan (§12.1). Pure. */
export function snapshotFromPlan(plan: SkillsPromptPlan, version?: number): SkillSnapshot {
  return {
    prompt: plan.skillsPrompt.prompt,
    skills: plan.eligible.map(snapshotSkill),
    ...(plan.skillFilter === undefined ? {} : { skillFilter: plan.skillFilter }),
    resolvedSkills: plan.visible,
    ...(version === undefined ? {} : { version }),
  };
}

/**
 * Session reuse rule (§12.2) for a session that already has a snapshot: rebuild iff the current
 * version is positive and newer than the snapshot's. (A session's first turn, or one without a
 * snapshot, always builds.)
 */
export function shouldRefreshSnapshot(cached: number | undefined, current: number): boolean {
  return current > 0 && (cached ?? 0) < current;
}

/** The filter as a sorted, de-duplicated set, or `undefined` when absent. */
function filterKey(filter: readonly unknown[] | undefined): string | undefined {
  const names = normaliseSkillFilter(filter);
  return names === undefined ? undefined : JSON.stringify([...new Set(names)].sort());
}

/**
 * Cron reuse rule (§12.2): rebuild when the snapshot's version differs from the current one or
 * its filter differs from the job's (compared as sets; absent and present differ).
 */
export function shouldRefreshCronSnapshot(options: {
  snapshot: Pick<SkillSnapshot, "version" | "skillFilter">;
  current: number;
  skillFilter?: readonly unknown[];
}): boolean {
  const { snapshot, current, skillFilter } = options;
  return snapshot.version !== current || filterKey(snapshot.skillFilter) !== filterKey(skillFilter);
}
