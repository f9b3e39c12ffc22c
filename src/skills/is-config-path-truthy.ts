import type { OpenClawConfig } from "../domain/config.js";

/** Paths whose absence counts as `true` (spec/skills.md §6 step 8). */
const DEFAULT_TRUE_PATHS: ReadonlySet<string> = new Set(["browser.enabled", "browser.evaluateEnabled"]);

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
 * array. Missing `browser.enabled` / `browser.evaluateEnabled` count as true. Pure.
 */
export function isConfigPathTruthy(config: OpenClawConfig | undefined, path: string): boolean {
  const parts = path.split(".").filter((part) => part !== "");
  let current: unknown = config;
  for (const part of parts) {
    if (current === null || typeof current !== "object") {
      current = undefined;
      break;
    }
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined && DEFAULT_TRUE_PATHS.has(parts.join("."))) return true;
  return isTruthy(current);
}
