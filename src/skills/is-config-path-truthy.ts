import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";

/** Paths whose absence counts as their schema default (spec/skills.md §6 step 8: both default to true). */
const DEFAULTED_PATHS: Readonly<Record<string, (config: OpenClawConfigInput | undefined) => boolean>> = {
  "browser.enabled": (config) => resolveConfigSection(config, "browser").enabled,
  "browser.evaluateEnabled": (config) => resolveConfigSection(config, "browser").evaluateEnabled,
};

function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}

/**
 * Whether a dotted `requires.config` path is truthy in the config: split on `.`, empty parts
 * dropped, plain property access (inherited properties included, as in classic, so
 * `constructor` is truthy). Booleans as is, numbers ≠ 0, non-blank strings, any object or
 * array. Missing `browser.enabled` / `browser.evaluateEnabled` count as their defaults (true). Pure.
 */
export function isConfigPathTruthy(config: OpenClawConfigInput | undefined, path: string): boolean {
  const parts = path.split(".").filter((part) => part !== "");
  let current: unknown = config;
  for (const part of parts) {
    if (current === null || typeof current !== "object") {
      current = undefined;
      break;
    }
    current = (current as Record<string, unknown>)[part];
  }
  const defaulted = Object.hasOwn(DEFAULTED_PATHS, parts.join(".")) ? DEFAULTED_PATHS[parts.join(".")] : undefined;
  if (current === undefined && defaulted !== undefined) return defaulted(config);
  return isTruthy(current);
}
