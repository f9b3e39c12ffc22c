import { escapeInvisible } from "../domain/index.js";
import type { MissingRequirements } from "./check-skill-eligibility.js";
import type { ExclusionReason, SkillEntry, SkillsReport } from "./skill-types.js";

/** An `excluded` entry of the skills report with what the skill lacks. */
export interface ExplainedExclusion {
  name: string;
  reason: ExclusionReason;
  /** Every list empty when nothing is missing (e.g. `disabled`, `not-in-skill-filter`). */
  missing: MissingRequirements;
}

const NOTHING_MISSING: MissingRequirements = { os: [], bins: [], anyBins: [], env: [], config: [] };

/**
 * `report.excluded` with each skill's missing requirements, taken from the eligibility plan:
 * `missing[i]` belongs to `entries[i]` (the merged entries the report was built from). Pure.
 */
export function explainExcludedSkills(options: {
  report: SkillsReport;
  entries: readonly SkillEntry[];
  missing: readonly MissingRequirements[];
}): ExplainedExclusion[] {
  const byName = new Map<string, MissingRequirements>();
  options.entries.forEach((entry, index) => {
    const missing = options.missing[index];
    if (missing !== undefined) byName.set(entry.skill.name, missing);
  });
  return options.report.excluded.map(({ name, reason }) => ({
    name,
    reason,
    missing: byName.get(name) ?? NOTHING_MISSING,
  }));
}

const list = (items: readonly string[]) => items.map(escapeInvisible).join(", ");

/**
 * One line naming what is missing, e.g. `bins not on PATH: curl, jq; env not set: GEM_KEY`;
 * `""` when nothing is. `platform` is this machine's (`linux`, `darwin`, …). Pure.
 */
export function describeMissingRequirements(missing: MissingRequirements, platform: string): string {
  const parts: string[] = [];
  if (missing.os.length > 0) parts.push(`runs only on ${list(missing.os)} (this is ${escapeInvisible(platform)})`);
  if (missing.bins.length > 0) parts.push(`bins not on PATH: ${list(missing.bins)}`);
  if (missing.anyBins.length > 0) parts.push(`none of: ${list(missing.anyBins)} is on PATH`);
  if (missing.env.length > 0) parts.push(`env not set: ${list(missing.env)}`);
  if (missing.config.length > 0) parts.push(`config not set: ${list(missing.config)}`);
  return parts.join("; ");
}
