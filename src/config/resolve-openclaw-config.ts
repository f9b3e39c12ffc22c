import { asRecord } from "../domain/is-record.js";
import type { ConfigKey } from "./config-node.js";
import { type OpenClawConfig, openClawConfigKeys, openClawConfigSchema } from "./openclaw-config-schema.js";

// Resolving runs the whole schema, and a unit resolves the same config objects many times (about
// 20 readers per turn). Results are cached per input object, which is never changed once loaded,
// and handed out deep-frozen: callers share them, and a caller that tried to change one would
// throw instead of changing it for the others.
const resolvedConfigs = new WeakMap<object, OpenClawConfig>();
const resolvedSections = new WeakMap<object, Map<string, unknown>>();
let resolvedEmpty: OpenClawConfig | undefined;

/**
 * openclaw.json resolved into a fully typed object: unknown keys are ignored, invalid values
 * replaced by their defaults (or by the meaning the spec gives them, e.g. an invalid
 * `heartbeat.every` disables heartbeats), defaults applied. Accepts anything (`undefined` or a
 * non-mapping is an empty config). Pure; never throws. The result is deep-frozen and may be
 * shared with other callers (copy it before changing it).
 */
export function resolveOpenClawConfig(config: unknown): OpenClawConfig {
  if (config === undefined) {
    resolvedEmpty ??= deepFreeze(openClawConfigSchema.parse(config));
    return resolvedEmpty;
  }
  if (config === null || typeof config !== "object") return openClawConfigSchema.parse(config);
  let resolved = resolvedConfigs.get(config);
  if (resolved === undefined) {
    resolved = deepFreeze(openClawConfigSchema.parse(config));
    resolvedConfigs.set(config, resolved);
  }
  return resolved;
}

/** Freezes `value` and everything reachable from it; returns it. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
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
  if (!sections.has(key)) sections.set(key, deepFreeze(section.schema.parse(asRecord(config)?.[key])));
  return sections.get(key) as OpenClawConfig[K];
}
