import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";

/** The per-root limits of spec/skills.md §1.4 and §4. */
export interface SkillDiscoveryLimits {
  /** Children above this count raise `suspiciously-large-root`; default 300. */
  maxCandidatesPerRoot: number;
  /** Children visited and skills kept per root; default 200. */
  maxSkillsLoadedPerSource: number;
  /** Bytes of a top-level SKILL.md (`>` skips); default 256000. */
  maxSkillFileBytes: number;
}

/** Reads `skills.limits` through the config schema; a limit is used as given whenever it is a number (so `0` is honoured). */
export function resolveSkillDiscoveryLimits(config: OpenClawConfigInput | undefined): SkillDiscoveryLimits {
  const { maxCandidatesPerRoot, maxSkillsLoadedPerSource, maxSkillFileBytes } = resolveConfigSection(
    config,
    "skills",
  ).limits;
  return { maxCandidatesPerRoot, maxSkillsLoadedPerSource, maxSkillFileBytes };
}

/** The schema's defaults of the per-root limits. */
export const DEFAULT_SKILL_DISCOVERY_LIMITS: Readonly<SkillDiscoveryLimits> = resolveSkillDiscoveryLimits(undefined);
