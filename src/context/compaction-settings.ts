import type { CompactionConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";

/** `agents.defaults.compaction` with nothing set: the schema's defaults. */
const SCHEMA_DEFAULTS: CompactionConfig = resolveOpenClawConfig({}).agents.defaults.compaction;

/**
 * The resolved compaction settings of one session (context.md §4.1). Every field is set; tokens
 * are estimated tokens (context.md §3).
 */
export interface CompactionSettings {
  /** `"safeguard"` (default) adds the §5.2/§5.4/§5.9 machinery; `"default"` is the plain harness summary. */
  mode: "safeguard" | "default";
  /** The model's context window, tokens; 200 000 when unknown. */
  contextWindow: number;
  /** The effective reserve, tokens: already `max(reserveTokens, reserveTokensFloor)`. */
  reserveTokens: number;
  /** Size of the kept tail, tokens (context.md §4.3). */
  keepRecentTokens: number;
  /** Largest share of the window the kept history may take before history-share pruning (§5.2). */
  maxHistoryShare: number;
  identifierPolicy: "strict" | "off" | "custom";
  /** The identifier rule used under `"custom"`; blank means the strict text. */
  identifierInstructions?: string;
  /** User turns kept verbatim in the summary (§5.4), 0–12; 0 disables. */
  recentTurnsPreserve: number;
  /** The summary audit of §5.7; `maxRetries` is 0–3 extra attempts. */
  qualityGuard: { enabled: boolean; maxRetries: number };
  /** Seconds a whole compaction may take (§5.6). */
  timeoutSeconds: number;
  /** The summarisation model's output limit, tokens; caps every request's `maxTokens` when set. */
  maxOutputTokens?: number;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The window of a model nobody describes, tokens (context.md §4.1). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/**
 * Resolves `agents.defaults.compaction` into settings (context.md §4.1): every key the config
 * leaves out takes its default from the one config schema; effective reserve =
 * `max(reserveTokens, reserveTokensFloor)`; `recentTurnsPreserve` clamped to [0, 12] and
 * `qualityGuard.maxRetries` to [0, 3] (both floored). `contextWindow` (tokens) defaults to
 * 200 000. Pure.
 */
export function resolveCompactionSettings(
  options: {
    config?: Partial<Omit<CompactionConfig, "qualityGuard">> & {
      qualityGuard?: Partial<CompactionConfig["qualityGuard"]>;
    };
    contextWindow?: number;
    maxOutputTokens?: number;
  } = {},
): CompactionSettings {
  const config = { ...SCHEMA_DEFAULTS, ...options.config };
  const guard = { ...SCHEMA_DEFAULTS.qualityGuard, ...options.config?.qualityGuard };
  const settings: CompactionSettings = {
    mode: config.mode,
    contextWindow: options.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    reserveTokens: Math.max(config.reserveTokens, config.reserveTokensFloor),
    keepRecentTokens: config.keepRecentTokens,
    maxHistoryShare: config.maxHistoryShare,
    identifierPolicy: config.identifierPolicy,
    recentTurnsPreserve: clamp(Math.floor(config.recentTurnsPreserve), 0, 12),
    qualityGuard: { enabled: guard.enabled, maxRetries: clamp(Math.floor(guard.maxRetries), 0, 3) },
    timeoutSeconds: config.timeoutSeconds,
  };
  if (config.identifierInstructions !== undefined) settings.identifierInstructions = config.identifierInstructions;
  if (options.maxOutputTokens !== undefined) settings.maxOutputTokens = options.maxOutputTokens;
  return settings;
}

/** The §4.1 defaults with a 200 000-token window (the effective reserve is the 20 000 floor). */
export const DEFAULT_COMPACTION_SETTINGS: CompactionSettings = resolveCompactionSettings();
