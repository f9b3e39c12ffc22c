import type { OpenClawConfig } from "../domain/config.js";

/** The per-root limits of spec/skills.md §1.4 and §4. */
export interface SkillDiscoveryLimits {
  /** Children above this count raise `suspiciously-large-root`; default 300. */
  maxCandidatesPerRoot: number;
  /** Children visited and skills kept per root; default 200. */
  maxSkillsLoadedPerSource: number;
  /** Bytes of a top-level SKILL.md (`>` skips); default 256000. */
  maxSkillFileBytes: number;
}

export const DEFAULT_SKILL_DISCOVERY_LIMITS: Readonly<SkillDiscoveryLimits> = {
  maxCandidatesPerRoot: 300,
  maxSkillsLoadedPerSource: 200,
  maxSkillFileBytes: 256_000,
};

/** Reads `skills.limits`; a limit is used as given whenever it is a number (so `0` is honoured). */
export function resolveSkillDiscoveryLimits(config: OpenClawConfig | undefined): SkillDiscoveryLimits {
  const limits = config?.skills?.limits;
  const pick = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);
  const defaults = DEFAULT_SKILL_DISCOVERY_LIMITS;
  return {
    maxCandidatesPerRoot: pick(limits?.maxCandidatesPerRoot, defaults.maxCandidatesPerRoot),
    maxSkillsLoadedPerSource: pick(limits?.maxSkillsLoadedPerSource, defaults.maxSkillsLoadedPerSource),
    maxSkillFileBytes: pick(limits?.maxSkillFileBytes, defaults.maxSkillFileBytes),
  };
}
