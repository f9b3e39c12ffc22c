import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { planSkillsPrompt } from "./plan-skills-prompt.js";
import type { EligibilityEnv, SkillEntry, SkillSnapshot } from "./skill-types.js";

export interface ResolveSkillsPromptForRunOptions {
  snapshot?: Pick<SkillSnapshot, "prompt">;
  /** Merged entries, loaded only when the run has no snapshot (or one without `resolvedSkills`). */
  entries?: readonly SkillEntry[];
  config: OpenClawConfigInput | undefined;
  eligibilityEnv: EligibilityEnv;
  homeDir: string;
}

/**
 * The skills prompt of a run (spec/skills.md §12.4): a snapshot's non-blank prompt wins
 * (trimmed); else the prompt built from `entries` with the config only — no filter, no remote
 * eligibility — when non-blank (untrimmed); else `""`. Pure.
 */
export function resolveSkillsPromptForRun(options: ResolveSkillsPromptForRunOptions): string {
  const fromSnapshot = options.snapshot?.prompt.trim() ?? "";
  if (fromSnapshot !== "") return fromSnapshot;
  const entries = options.entries ?? [];
  if (entries.length === 0) return "";
  const { prompt } = planSkillsPrompt({
    entries,
    config: options.config,
    eligibilityEnv: options.eligibilityEnv,
    homeDir: options.homeDir,
  }).skillsPrompt;
  return prompt.trim() === "" ? "" : prompt;
}
