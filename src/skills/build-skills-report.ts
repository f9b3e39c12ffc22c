import { ClawEvalError } from "../domain/errors.js";
import type { SkillPromptLimits } from "./budget-skills.js";
import type { SkillsPromptResult } from "./build-skills-prompt.js";
import { isHiddenFromModel } from "./filter-visible-skills.js";
import { SKILLS_CATALOG_OVERHEAD_CHARS } from "./format-skills-prompt.js";
import type { MergedSkillEntries } from "./merge-skills.js";
import type { DiscoveredSkills, DropReason, ExclusionReason, Skill, SkillEntry, SkillsReport } from "./skill-types.js";

export interface BuildSkillsReportInput {
  discovered: DiscoveredSkills;
  /** `mergeSkillEntries` of the discovered sources (§5): winners in merged order and the losers. */
  merged: MergedSkillEntries;
  /** `checkSkillEligibility` of each merged entry, in the same order (§6). */
  eligibility: readonly { eligible: boolean; reason?: ExclusionReason }[];
  /** The normalised skill filter (§7); absent → no filter. */
  skillFilter?: readonly string[];
  limits: SkillPromptLimits;
  /** `buildSkillsPrompt` of the visible skills (§9.3). */
  skillsPrompt: SkillsPromptResult<Skill>;
}

/**
 * The funnel report of spec/skills.md §14 (`claw-eval skills <ws> --json`) from already computed
 * pipeline data. Losers of the merge are reported `shadowed` in their source (unless discovery
 * already did);
 * dropped skills are listed by stage: hidden, then over the count limit, then over the char
 * budget, each in merged order. Pure.
 */
export function buildSkillsReport(input: BuildSkillsReportInput): SkillsReport {
  const { eligibility, skillFilter, skillsPrompt } = input;
  const merged = input.merged.entries;
  if (eligibility.length !== merged.length) {
    throw new ClawEvalError(
      "invariant",
      `${eligibility.length} eligibility results for ${merged.length} merged skills`,
    );
  }
  const filter = skillFilter === undefined ? undefined : new Set(skillFilter);
  const excluded: SkillsReport["excluded"] = [];
  const eligible: SkillEntry[] = [];
  merged.forEach((entry, index) => {
    const result = eligibility[index];
    const name = entry.skill.name;
    if (result?.eligible === false) {
      if (result.reason === undefined)
        throw new ClawEvalError("invariant", `skill "${name}" ineligible without a reason`);
      excluded.push({ name, reason: result.reason });
    } else if (filter !== undefined && !filter.has(name)) excluded.push({ name, reason: "not-in-skill-filter" });
    else eligible.push(entry);
  });
  const visible = eligible.filter((entry) => !isHiddenFromModel(entry)).map((entry) => entry.skill.name);
  const included = skillsPrompt.chosen.map((skill) => skill.name);
  const countCut = Math.max(0, input.limits.maxSkillsInPrompt);
  const dropped: { name: string; reason: DropReason }[] = [
    ...eligible
      .filter(isHiddenFromModel)
      .map((entry) => ({ name: entry.skill.name, reason: "disable-model-invocation" as const })),
    ...visible.slice(countCut).map((name) => ({ name, reason: "count-limit" as const })),
    ...visible.slice(included.length, countCut).map((name) => ({ name, reason: "char-budget" as const })),
  ];
  const overrides = input.merged.overridden;
  return {
    sources: input.discovered.sources.map(({ source, root, skills, skipped }) => {
      const listed = skipped.map(({ path, reason }) => ({ path, reason }));
      const shadowed = overrides
        .filter((override) => override.source === source && skills.some((skill) => skill.filePath === override.path))
        .filter((override) => !listed.some((skip) => skip.path === override.path && skip.reason === "shadowed"))
        .map((override) => ({ path: override.path, reason: "shadowed" as const }));
      return { source, root, loaded: skills.length, skipped: [...listed, ...shadowed] };
    }),
    discovered: merged.map(({ skill }) => ({ name: skill.name, source: skill.source, path: skill.filePath })),
    eligible: eligible.map((entry) => entry.skill.name),
    excluded,
    included,
    dropped,
    truncated: skillsPrompt.truncated,
    promptChars: skillsPrompt.prompt.length,
    overheadChars: SKILLS_CATALOG_OVERHEAD_CHARS,
    prompt: skillsPrompt.prompt,
  };
}
