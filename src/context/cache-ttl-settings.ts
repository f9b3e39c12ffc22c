import { resolveContextPruning } from "../config/resolve-context-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";

/**
 * Cache-TTL context pruning settings (context.md §6.4, `agents.defaults.contextPruning`), already
 * resolved: ratios clamped to [0, 1], `keepLastAssistants` a whole number ≥ 0.
 */
export interface CacheTtlSettings {
  /** Milliseconds after the last cache touch before a pass may prune; 0 disables. Default 5 min. */
  ttlMs: number;
  /** Assistant messages, counted from the end, whose span is never pruned; 0 protects nothing. Default 3. */
  keepLastAssistants: number;
  /** Soft trim runs when total chars / (window × 4) reaches this. Default 0.3. */
  softTrimRatio: number;
  /** Hard clear runs while the ratio is at least this. Default 0.5. */
  hardClearRatio: number;
  /** Hard clear runs only when the prunable tool results hold at least this many chars. Default 50 000. */
  minPrunableToolChars: number;
  /** Results longer than `maxChars` keep their first `headChars` and last `tailChars` chars. */
  softTrim: { maxChars: number; headChars: number; tailChars: number };
  hardClear: { enabled: boolean; placeholder: string };
  /** Case-insensitive globs (`*`, `?`) over tool names; deny wins; an empty allow list allows all. */
  tools: { allow: string[]; deny: string[] };
}

const { mode: _mode, ttl, ...SCHEMA_PRUNING } = resolveContextPruning(resolveOpenClawConfig({}), "");

/** The §6.4 defaults, from the one config schema (`ttl` 5 minutes). */
export const DEFAULT_CACHE_TTL_SETTINGS: CacheTtlSettings = { ...SCHEMA_PRUNING, ttlMs: ttl };
