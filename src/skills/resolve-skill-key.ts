import type { OpenClawConfig, OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import { asRecord } from "../domain/is-record.js";
import type { SkillEntry } from "./skill-types.js";

/** The config key of a skill (spec/skills.md §2.4): `metadata.skillKey`, else the name. */
export function resolveSkillKey(entry: SkillEntry): string {
  return entry.metadata?.skillKey ?? entry.skill.name;
}

/** One resolved `skills.entries.<skillKey>` (`enabled` defaults to true; invalid `env` values dropped). */
export type SkillEntryConfig = OpenClawConfig["skills"]["entries"][string];

/**
 * `skills.entries[key]`, resolved through the config schema, when it is an object (own keys
 * only, so `__proto__` is never an entry). Called once or twice per skill: when the config
 * as written has no such key, resolving can only drop keys, never add one, so the section
 * is resolved only for keys that are written.
 */
export function readSkillEntryConfig(
  config: OpenClawConfigInput | undefined,
  key: string,
): SkillEntryConfig | undefined {
  const written = asRecord(asRecord(asRecord(config)?.skills)?.entries);
  if (written === undefined || !Object.hasOwn(written, key)) return undefined;
  const { entries } = resolveConfigSection(config, "skills");
  return Object.hasOwn(entries, key) ? entries[key] : undefined;
}
