import type { OpenClawConfig } from "../config/openclaw-config-schema.js";
import type { CompactionConfig } from "../config/resolve-agent-config.js";
import { resolveContextPruning, resolveModelContextWindows } from "../config/resolve-context-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { CacheTtlSettings } from "../context/cache-ttl-settings.js";
import { DEFAULT_CONTEXT_WINDOW, resolveCompactionSettings } from "../context/compaction-settings.js";
import { isCacheTtlProvider } from "../context/is-cache-ttl-provider.js";
import { DEFAULT_MEMORY_FLUSH_SETTINGS, type MemoryFlushSettings } from "../context/memory-flush.js";
import { type Model, parseModelId } from "../domain/index.js";
import type { SessionContextSettings } from "./create-session-context.js";

/** Providers whose offline models stand in for a cache-eligible provider (a harness decision). */
const OFFLINE_PROVIDERS: ReadonlySet<string> = new Set(["scripted", "simulated"]);

function configuredWindow(config: OpenClawConfig, provider: string, name: string): number | undefined {
  return resolveModelContextWindows(config).find((entry) => entry.id === `${provider}/${name}`)?.contextWindow;
}

/**
 * The context window of a session's model, tokens: the scenario's `contextWindow`, else
 * `models.providers.<provider>.models[].contextWindow`, else what the model itself knows, else 200 000.
 */
export function resolveContextWindow(options: {
  config: Readonly<Record<string, unknown>>;
  model: Model;
  contextWindow?: number;
}): number {
  const { provider, name } = parseModelId(options.model.id);
  return (
    options.contextWindow ??
    configuredWindow(resolveOpenClawConfig(options.config), provider, name.replace(/@.*$/, "")) ??
    options.model.contextWindow ??
    DEFAULT_CONTEXT_WINDOW
  );
}

function cacheTtlSettings(config: OpenClawConfig, model: Model): CacheTtlSettings | undefined {
  const { provider, name } = parseModelId(model.id);
  const { mode, ttl, ...pruning } = resolveContextPruning(config, provider);
  if (mode !== "cache-ttl") return undefined;
  if (!OFFLINE_PROVIDERS.has(provider) && !isCacheTtlProvider({ provider, modelId: name })) return undefined;
  return { ...pruning, ttlMs: ttl };
}

function memoryFlushSettings(flush: CompactionConfig["memoryFlush"]): MemoryFlushSettings {
  const defaults = DEFAULT_MEMORY_FLUSH_SETTINGS;
  return {
    ...flush,
    prompt: flush.prompt ?? defaults.prompt,
    systemPrompt: flush.systemPrompt ?? defaults.systemPrompt,
  };
}

/** A session's context settings from the unit's config and model (context.md §4.1, §6.4). */
export function resolveSessionContextSettings(options: {
  config: Readonly<Record<string, unknown>>;
  model: Model;
  contextWindow?: number;
}): SessionContextSettings {
  const config = resolveOpenClawConfig(options.config);
  const section = config.agents.defaults.compaction;
  const compaction = resolveCompactionSettings({ config: section, contextWindow: resolveContextWindow(options) });
  const cacheTtl = cacheTtlSettings(config, options.model);
  return {
    compaction,
    memoryFlush: memoryFlushSettings(section.memoryFlush),
    reserveTokensFloor: section.reserveTokensFloor,
    ...(cacheTtl === undefined ? {} : { cacheTtl }),
    ...(section.model === undefined ? {} : { compactionModel: section.model }),
  };
}
