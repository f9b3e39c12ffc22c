import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { applySkillFilter, normaliseSkillFilter } from "./apply-skill-filter.js";
import { resolveSkillPromptLimits, type SkillPromptLimits } from "./budget-skills.js";
import { buildSkillsPrompt, type SkillsPromptResult } from "./build-skills-prompt.js";
import { explainSkillEligibility, type MissingRequirements, type SkillEligibility } from "./check-skill-eligibility.js";
import { filterVisibleSkills } from "./filter-visible-skills.js";
import type { EligibilityEnv, RemoteEligibility, Skill, SkillEntry } from "./skill-types.js";

export interface PlanSkillsPromptOptions {
  /** Merge winners in merged order (§5); discovery and merging are the caller's I/O. */
  entries: readonly SkillEntry[];
  config: OpenClawConfigInput | undefined;
  /** Platform, env and PATH answers, e.g. from `loadEligibilityEnv`. */
  eligibilityEnv: EligibilityEnv;
  /** Home directory for path compaction (§10); empty → none. */
  homeDir: string;
  /** The skill filter as given (§7); normalised here. Absent → no filter. */
  skillFilter?: readonly unknown[];
  remote?: RemoteEligibility;
}

/** Every stage of spec/skills.md §6–§9.3 for one set of merged entries. */
export interface SkillsPromptPlan {
  /** `checkSkillEligibility` of each entry, in entry order. */
  eligibility: SkillEligibility[];
  /** What each entry's manifest asks for and the machine lacks, in entry order (same evaluation). */
  missing: MissingRequirements[];
  /** The normalised filter; present only when one was given. */
  skillFilter?: string[];
  /** Eligible and filtered entries, hidden ones included (snapshot `skills`). */
  eligible: SkillEntry[];
  /** Eligible, filtered, not hidden skills in merged order (snapshot `resolvedSkills`). */
  visible: Skill[];
  limits: SkillPromptLimits;
  /** Budget and the skills prompt string (§9.3). */
  skillsPrompt: SkillsPromptResult<Skill>;
}

/**
 * Runs the pure part of the skills pipeline: eligibility → filter → visibility → budget →
 * compaction → catalog. Its fields also feed `buildSkillsReport`. Pure; must not throw.
 */
export function planSkillsPrompt(options: PlanSkillsPromptOptions): SkillsPromptPlan {
  const { entries, config, eligibilityEnv, remote } = options;
  const explained = entries.map((entry) => explainSkillEligibility(entry, config, eligibilityEnv, remote));
  const eligibility = explained.map((item) => item.verdict);
  const skillFilter = normaliseSkillFilter(options.skillFilter);
  const eligible = applySkillFilter(
    entries.filter((_, index) => eligibility[index]?.eligible === true),
    skillFilter,
  );
  const visible = filterVisibleSkills(eligible);
  const limits = resolveSkillPromptLimits(config);
  const skillsPrompt = buildSkillsPrompt({
    visible,
    limits,
    homeDir: options.homeDir,
    ...(remote?.note === undefined ? {} : { remoteNote: remote.note }),
  });
  return {
    eligibility,
    missing: explained.map((item) => item.missing),
    ...(skillFilter === undefined ? {} : { skillFilter }),
    eligible,
    visible,
    limits,
    skillsPrompt,
  };
}
