import { asRecord } from "../domain/is-record.js";
import type { ConfigKey } from "./config-node.js";
import { type OpenClawConfig, openClawConfigKeys, openClawConfigSchema } from "./openclaw-config-schema.js";

// Resolving runs the whole schema, and a unit resolves the same config objects many times (about
// 20 readers). Results are cached per input object, which is never changed once loaded, and
// handed out as copies, so callers still share nothing.
const resolvedConfigs = new WeakMap<object, OpenClawConfig>();
const resolvedSections = new WeakMap<object, Map<string, unknown>>();
let resolvedEmpty: OpenClawConfig | undefined;

/**
 * openclaw.json resolved into a fully typed object: unknown keys are ignored, invalid values
 * replaced by their defaults (or by the meaning the spec gives them, e.g. an invalid
 * `heartbeat.every` disables heartbeats), defaults applied. Accepts anything (`undefined` or a
 * non-mapping is an empty config). Pure; never throws; the result shares no mutable defaults.
 */
export function resolveOpenClawConfig(config: unknown): OpenClawConfig {
  if (config === undefined) {
    resolvedEmpty ??= openClawConfigSchema.parse(config);
    return structuredClone(resolvedEmpty);
  }
  if (config === null || typeof config !== "object") return openClawConfigSchema.parse(config);
  let resolved = resolvedConfigs.get(config);
  if (resolved === undefined) {
    resolved = openClawConfigSchema.parse(config);
    resolvedConfigs.set(config, resolved);
  }
  return structuredClone(resolved);
}

/**
 * One top-level section (`skills`, `tools`, ...) resolved as {@link resolveOpenClawConfig} would,
 * without resolving the rest: for readers called once per skill or per call.
 */
export function resolveConfigSection<K extends keyof OpenClawConfig>(config: unknown, key: K): OpenClawConfig[K] {
  const section: ConfigKey = openClawConfigKeys.node.keys[key];
  if (config === null || typeof config !== "object")
    return section.schema.parse(asRecord(config)?.[key]) as OpenClawConfig[K];
  let sections = resolvedSections.get(config);
  if (sections === undefined) {
    sections = new Map();
    resolvedSections.set(config, sections);
  }
  if (!sections.has(key)) sections.set(key, section.schema.parse(asRecord(config)?.[key]));
  return structuredClone(sections.get(key)) as OpenClawConfig[K];
}
