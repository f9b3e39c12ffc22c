import type { OpenClawConfig } from "../config/openclaw-config-schema.js";

/**
 * Model alias lines (spec/prompt.md §6.9): each `agents.defaults.models` key (trimmed
 * `provider/model`) with a non-blank `alias`, sorted by alias, as `- <alias>: <provider/model>`.
 */
export function buildModelAliasLines(config: OpenClawConfig): string[] {
  const entries = Object.entries(config.agents.defaults.models).flatMap(([key, value]) =>
    value.alias === undefined || key.trim() === "" ? [] : [{ alias: value.alias, model: key.trim() }],
  );
  return entries.sort((a, b) => a.alias.localeCompare(b.alias)).map((entry) => `- ${entry.alias}: ${entry.model}`);
}

/** The configured default `provider/model` of the agent (`agents.defaults.model` or its `primary`). */
export function resolveDefaultModel(config: OpenClawConfig): string | undefined {
  const value = config.agents.defaults.model;
  const model = typeof value === "string" ? value : (value as { primary?: unknown } | null | undefined)?.primary;
  return typeof model === "string" && model.trim() !== "" ? model.trim() : undefined;
}
