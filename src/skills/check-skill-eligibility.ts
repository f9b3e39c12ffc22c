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

const ELIGIBLE: SkillEligibility = { eligible: true };

function exclude(reason: ExclusionReason): SkillEligibility {
  return { eligible: false, reason };
}

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

/**
 * spec/skills.md §6 (classic `shouldIncludeSkill`); the first failing check decides: disabled
 * by `skills.entries[skillKey].enabled === false`, bundled allowlist, OS (also through
 * `remote.platforms`; `always` does not bypass it), then — unless `always === true` — bins
 * (`env.isOnPath` or `remote.hasBin`), anyBins, env (process, entry `env`, entry `apiKey` for
 * `primaryEnv`) and config paths. A skill without metadata passes every check after the
 * allowlist. Pure; must not throw.
 */
export function checkSkillEligibility(
  entry: SkillEntry,
  config: OpenClawConfigInput | undefined,
  env: EligibilityEnv,
  remote?: RemoteEligibility,
): SkillEligibility {
  const key = resolveSkillKey(entry);
  if (readSkillEntryConfig(config, key)?.enabled === false) return exclude("disabled");
  const allowBundled = normaliseAllowBundled(config);
  if (allowBundled.length > 0 && entry.skill.source === "openclaw-bundled") {
    if (!allowBundled.includes(key) && !allowBundled.includes(entry.skill.name)) return exclude("not-in-allowBundled");
  }
  const metadata = entry.metadata;
  if (metadata === undefined) return ELIGIBLE;
  const os = metadata.os ?? [];
  if (os.length > 0 && !os.includes(env.platform) && !(remote?.platforms ?? []).some((p) => os.includes(p))) {
    return exclude("os-mismatch");
  }
  if (metadata.always === true) return ELIGIBLE;
  const requires = metadata.requires;
  if (requires === undefined) return ELIGIBLE;
  if (!requires.bins.every((bin) => env.isOnPath(bin) || remote?.hasBin(bin) === true)) return exclude("missing-bins");
  if (requires.anyBins.length > 0) {
    const found = requires.anyBins.some((bin) => env.isOnPath(bin)) || remote?.hasAnyBin(requires.anyBins) === true;
    if (!found) return exclude("missing-any-bins");
  }
  if (!requires.env.every((name) => hasEnv(entry, name, env, config))) return exclude("missing-env");
  if (!requires.config.every((path) => isConfigPathTruthy(config, path))) return exclude("missing-config");
  return ELIGIBLE;
}
