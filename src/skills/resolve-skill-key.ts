import type { OpenClawConfig, SkillEntryConfig } from "../domain/config.js";
import type { SkillEntry } from "./skill-types.js";

/** The config key of a skill (spec/skills.md §2.4): `metadata.skillKey`, else the name. */
export function resolveSkillKey(entry: SkillEntry): string {
  return entry.metadata?.skillKey ?? entry.skill.name;
}

/** `skills.entries[key]` when it is an object (own keys only, so `__proto__` is never an entry). */
export function readSkillEntryConfig(config: OpenClawConfig | undefined, key: string): SkillEntryConfig | undefined {
  const entries: unknown = config?.skills?.entries;
  if (entries === null || typeof entries !== "object" || !Object.hasOwn(entries, key)) return undefined;
  const value: unknown = (entries as Record<string, unknown>)[key];
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as SkillEntryConfig) : undefined;
}
