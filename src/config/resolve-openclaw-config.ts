import { asRecord } from "../domain/is-record.js";
import type { ConfigKey } from "./config-node.js";
import { type OpenClawConfig, openClawConfigKeys, openClawConfigSchema } from "./openclaw-config-schema.js";

/**
 * openclaw.json resolved into a fully typed object: unknown keys are ignored, invalid values
 * replaced by their defaults (or by the meaning the spec gives them, e.g. an invalid
 * `heartbeat.every` disables heartbeats), defaults applied. Accepts anything (`undefined` or a
 * non-mapping is an empty config). Pure; never throws; the result shares no mutable defaults.
 */
export function resolveOpenClawConfig(config: unknown): OpenClawConfig {
  return openClawConfigSchema.parse(config);
}

/**
 * One top-level section (`skills`, `tools`, ...) resolved as {@link resolveOpenClawConfig} would,
 * without resolving the rest: for readers called once per skill or per call.
 */
export function resolveConfigSection<K extends keyof OpenClawConfig>(config: unknown, key: K): OpenClawConfig[K] {
  const section: ConfigKey = openClawConfigKeys.node.keys[key];
  return section.schema.parse(asRecord(config)?.[key]) as OpenClawConfig[K];
}
