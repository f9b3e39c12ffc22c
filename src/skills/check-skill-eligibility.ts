import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import { isConfigPathTruthy } from "./is-config-path-truthy.js";
import { readSkillEntryConfig, resolveSkillKey } from "./resolve-skill-key.js";
import type { EligibilityEnv, ExclusionReason, RemoteEligibility, SkillEntry } from "./skill-types.js";

/** The verdict of {@link checkSkillEligibility}: `reason` is present exactly when not eligible. */
export interface SkillEligibility {
  eligible: boolean;
  reason?: ExclusionReason;
}

/**
 * What a skill's manifest asks for that this machine does not give. Every list is empty when
 * nothing of that kind is missing; `always: true` skills skip bins, anyBins, env and config.
 */
export interface MissingRequirements {
  /** The skill's `os` list when neither this platform nor a remote one is in it. */
  os: string[];
  /** `requires.bins` entries found neither on PATH nor on a remote node. */
  bins: string[];
  /** All of `requires.anyBins` when none of them was found. */
  anyBins: string[];
  /** `requires.env` names set nowhere (process env, entry `env`, entry `apiKey` for `primaryEnv`). */
  env: string[];
  /** `requires.config` paths that are not truthy in the config. */
  config: string[];
}

/** {@link explainSkillEligibility}: the verdict and everything missing, from one evaluation. */
export interface ExplainedSkillEligibility {
  verdict: SkillEligibility;
  missing: MissingRequirements;
}

const ELIGIBLE: SkillEligibility = { eligible: true };

function exclude(reason: ExclusionReason): SkillEligibility {
  return { eligible: false, reason };
}

/** The requirement checks in the order they decide the reason (checks 3 and 5–8). */
const REQUIREMENT_REASONS: readonly (readonly [keyof MissingRequirements, ExclusionReason])[] = [
  ["os", "os-mismatch"],
  ["bins", "missing-bins"],
  ["anyBins", "missing-any-bins"],
  ["env", "missing-env"],
  ["config", "missing-config"],
];

/** `skills.allowBundled` entries after `String()`, trim and dropping blanks; `[]` = no restriction. */
export function normaliseAllowBundled(config: OpenClawConfigInput | undefined): string[] {
  return resolveConfigSection(config, "skills").allowBundled;
}

function isSecretSet(value: unknown): boolean {
  return (typeof value === "string" && value !== "") || (value !== null && typeof value === "object");
}

function hasEnv(
  entry: SkillEntry,
  name: string,
  env: EligibilityEnv,
  config: OpenClawConfigInput | undefined,
): boolean {
  const processValue = env.env[name];
  if (typeof processValue === "string" && processValue !== "") return true;
  const entryConfig = readSkillEntryConfig(config, resolveSkillKey(entry));
  // Own keys only: a variable named `toString` or `constructor` is not provided by any entry.
  const entryEnv = entryConfig?.env;
  if (entryEnv !== undefined && Object.hasOwn(entryEnv, name) && entryEnv[name]) return true;
  return isSecretSet(entryConfig?.apiKey) && entry.metadata?.primaryEnv === name;
}

function findMissingRequirements(
  entry: SkillEntry,
  config: OpenClawConfigInput | undefined,
  env: EligibilityEnv,
  remote: RemoteEligibility | undefined,
): MissingRequirements {
  const metadata = entry.metadata;
  const os = metadata?.os ?? [];
  const osFits = os.length === 0 || os.includes(env.platform) || (remote?.platforms ?? []).some((p) => os.includes(p));
  const osMissing = osFits ? [] : [...os];
  const requires = metadata?.always === true ? undefined : metadata?.requires;
  if (requires === undefined) return { os: osMissing, bins: [], anyBins: [], env: [], config: [] };
  const anyFound =
    requires.anyBins.length === 0 ||
    requires.anyBins.some((bin) => env.isOnPath(bin)) ||
    remote?.hasAnyBin(requires.anyBins) === true;
  return {
    os: osMissing,
    bins: requires.bins.filter((bin) => !env.isOnPath(bin) && remote?.hasBin(bin) !== true),
    anyBins: anyFound ? [] : [...requires.anyBins],
    env: requires.env.filter((name) => !hasEnv(entry, name, env, config)),
    config: requires.config.filter((path) => !isConfigPathTruthy(config, path)),
  };
}

/**
 * Skill eligibility (classic `shouldIncludeSkill`) with its reasons: every requirement the
 * machine does not meet (`missing`), and the verdict, whose reason is the first failing check:
 * disabled by `skills.entries[skillKey].enabled === false`, bundled allowlist, OS (also through
 * `remote.platforms`; `always` does not bypass it), then — unless `always === true` — bins
 * (`env.isOnPath` or `remote.hasBin`), anyBins, env (process, entry `env`, entry `apiKey` for
 * `primaryEnv`) and config paths. `missing` lists what is unmet even when an earlier check
 * (disabled, allowlist) decided. A skill without metadata misses nothing. Pure; must not throw.
 */
export function explainSkillEligibility(
  entry: SkillEntry,
  config: OpenClawConfigInput | undefined,
  env: EligibilityEnv,
  remote?: RemoteEligibility,
): ExplainedSkillEligibility {
  const missing = findMissingRequirements(entry, config, env, remote);
  const key = resolveSkillKey(entry);
  if (readSkillEntryConfig(config, key)?.enabled === false) return { verdict: exclude("disabled"), missing };
  const allowBundled = normaliseAllowBundled(config);
  if (allowBundled.length > 0 && entry.skill.source === "openclaw-bundled") {
    if (!allowBundled.includes(key) && !allowBundled.includes(entry.skill.name)) {
      return { verdict: exclude("not-in-allowBundled"), missing };
    }
  }
  const failed = REQUIREMENT_REASONS.find(([kind]) => missing[kind].length > 0);
  return { verdict: failed === undefined ? ELIGIBLE : exclude(failed[1]), missing };
}

/** The verdict of {@link explainSkillEligibility} alone. Pure; must not throw. */
export function checkSkillEligibility(
  entry: SkillEntry,
  config: OpenClawConfigInput | undefined,
  env: EligibilityEnv,
  remote?: RemoteEligibility,
): SkillEligibility {
  return explainSkillEligibility(entry, config, env, remote).verdict;
}
