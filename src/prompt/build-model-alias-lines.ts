import { readConfigValue } from "./read-config-value.js";

/**
 * Model alias lines (spec/prompt.md §6.9): each `agents.defaults.models` key (trimmed
 * `provider/model`) with a non-blank `alias`, sorted by alias, as `- <alias>: <provider/model>`.
 */
export function buildModelAliasLines(config: Readonly<Record<string, unknown>>): string[] {
  const models = readConfigValue(config, "agents.defaults.models");
  if (models === null || typeof models !== "object" || Array.isArray(models)) return [];
  const entries: { alias: string; model: string }[] = [];
  for (const [key, value] of Object.entries(models as Record<string, unknown>)) {
    const alias = (value as { alias?: unknown } | null)?.alias;
    if (typeof alias !== "string" || alias.trim() === "" || key.trim() === "") continue;
    entries.push({ alias: alias.trim(), model: key.trim() });
  }
  return entries.sort((a, b) => a.alias.localeCompare(b.alias)).map((entry) => `- ${entry.alias}: ${entry.model}`);
}

/** The configured default `provider/model` of the agent (`agents.defaults.model` or its `primary`). */
export function resolveDefaultModel(config: Readonly<Record<string, unknown>>): string | undefined {
  const value = readConfigValue(config, "agents.defaults.model");
  const model = typeof value === "string" ? value : (value as { primary?: unknown } | null | undefined)?.primary;
  return typeof model === "string" && model.trim() !== "" ? model.trim() : undefined;
}
