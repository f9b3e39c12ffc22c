import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { Skill } from "./skill-types.js";

/**
 * A skill filter as given (spec/skills.md §7): not an array → `undefined` (no filter); else
 * entries `String()`-converted, trimmed, blanks dropped. The result may be `[]` (no skills).
 */
export function normaliseSkillFilter(filter: unknown): string[] | undefined {
  if (!Array.isArray(filter)) return undefined;
  return filter.map((item) => String(item).trim()).filter((item) => item !== "");
}

/**
 * Keeps the entries whose exact (case-sensitive) name is in the filter, in their order.
 * `undefined` → all; `[]` → none. Apply after eligibility: it never adds a skill. Pure.
 */
export function applySkillFilter<T extends { skill: Pick<Skill, "name"> }>(
  entries: readonly T[],
  filter?: readonly unknown[],
): T[] {
  const names = normaliseSkillFilter(filter);
  if (names === undefined) return [...entries];
  const allowed = new Set(names);
  return entries.filter((entry) => allowed.has(entry.skill.name));
}

/**
 * The effective filter of a run from the channel's and the agent's `skills` lists, each
 * normalised (non-array → absent): both absent → absent; one present → it; both → the channel
 * entries also in the agent list, in channel order (so either `[]` gives `[]`). Pure.
 */
export function mergeSkillFilters(channel?: unknown, agent?: unknown): string[] | undefined {
  const fromChannel = normaliseSkillFilter(channel);
  const fromAgent = normaliseSkillFilter(agent);
  if (fromChannel === undefined) return fromAgent;
  if (fromAgent === undefined) return fromChannel;
  const allowed = new Set(fromAgent);
  return fromChannel.filter((name) => allowed.has(name));
}

/** `agents.list[]` (the entry whose `id` is `agentId`) `.skills`, normalised; absent when not an array. */
export function resolveAgentSkillFilter(
  config: OpenClawConfigInput | undefined,
  agentId: string,
): string[] | undefined {
  return resolveAgentConfig(resolveOpenClawConfig(config), agentId).skills;
}
