import { CONTEXT_PRUNING_DEFAULTS } from "./context-config-keys.js";
import type { OpenClawConfig } from "./openclaw-config-schema.js";
import { parseDurationMs } from "./parse-duration-ms.js";
import {
  type CompactionConfig,
  type ContextPruningConfig,
  type MemorySearchConfig,
  resolveAgentConfig,
} from "./resolve-agent-config.js";

/** A configured context window: `models.providers.<provider>.models[]` with both `id` and `contextWindow`. */
export interface ModelContextWindow {
  /** `<provider>/<model id>`, as written (the provider key and the entry's trimmed `id`). */
  id: string;
  /** Tokens. */
  contextWindow: number;
}

/** `contextPruning` with `mode` and `ttl` (milliseconds) decided. */
export type ContextPruningSettings = Omit<ContextPruningConfig, "mode" | "ttl"> & {
  mode: NonNullable<ContextPruningConfig["mode"]>;
  ttl: number;
};

/** What the context engine and memory read from openclaw.json, resolved (context.md §4.1, §6.4, memory.md §2, §9.1). */
export interface ContextConfig {
  /** `agents.defaults.compaction.*`, including `memoryFlush.*`; tokens, seconds and bytes as the keys say. */
  compaction: CompactionConfig;
  /** `agents.defaults.contextPruning.*` for the model's provider; `ttl` in milliseconds, ratios clamped to [0, 1]. */
  contextPruning: ContextPruningSettings;
  /** The agent's `memorySearch` (`agents.list[]` over `agents.defaults`). */
  memorySearch: MemorySearchConfig;
  /** `memory.citations`. */
  citations: OpenClawConfig["memory"]["citations"];
  /** Every configured model context window, in config order. */
  contextWindows: ModelContextWindow[];
}

/** The configured context windows of `models.providers.*.models[]`, in config order; entries without an id or window are skipped. */
export function resolveModelContextWindows(config: OpenClawConfig): ModelContextWindow[] {
  return Object.entries(config.models.providers).flatMap(([provider, settings]) =>
    settings.models.flatMap((model) =>
      model.id === undefined || model.contextWindow === undefined
        ? []
        : [{ id: `${provider}/${model.id}`, contextWindow: model.contextWindow }],
    ),
  );
}

/**
 * `agents.defaults.contextPruning` with `mode` and `ttl` decided (context.md §6.4): unset mode is
 * `off`, or `cache-ttl` with a 1-hour ttl when `provider` (of the default model) is `anthropic`;
 * unset ttl is 5 minutes otherwise. Pure.
 */
export function resolveContextPruning(config: OpenClawConfig, provider: string): ContextPruningSettings {
  const pruning = config.agents.defaults.contextPruning;
  const defaults =
    pruning.mode === undefined && provider === "anthropic"
      ? CONTEXT_PRUNING_DEFAULTS.anthropic
      : CONTEXT_PRUNING_DEFAULTS;
  return {
    ...pruning,
    mode: pruning.mode ?? defaults.mode,
    ttl: pruning.ttl ?? parseDurationMs(defaults.ttl) ?? 0,
  };
}

/** The context and memory settings of one agent's sessions; `provider` is that of the default model. Pure. */
export function resolveContextConfig(
  config: OpenClawConfig,
  options: { agentId: string; provider: string },
): ContextConfig {
  return {
    compaction: config.agents.defaults.compaction,
    contextPruning: resolveContextPruning(config, options.provider),
    memorySearch: resolveAgentConfig(config, options.agentId).memorySearch,
    citations: config.memory.citations,
    contextWindows: resolveModelContextWindows(config),
  };
}
