import { configStructure } from "./config-structure.js";
import { configValue as value } from "./config-value.js";

const { section } = configStructure;

/** `agents.defaults.compaction` (context.md §4.1, memory.md §9.1). Token counts are tokens. */
export const compactionConfigKeys = section({
  mode: value.oneOf(["safeguard", "default"], { default: "safeguard" }),
  reserveTokens: value.nonNegative({ default: 16384 }),
  /** 0 disables the floor. */
  reserveTokensFloor: value.nonNegative({ default: 20000 }),
  keepRecentTokens: value.positive({ default: 20000 }),
  maxHistoryShare: value.number({ default: 0.5 }),
  identifierPolicy: value.oneOf(["strict", "off", "custom"], { default: "strict" }),
  identifierInstructions: value.text({ optional: "the strict instructions apply" }),
  recentTurnsPreserve: value.number({ default: 3, min: 0, max: 12 }),
  qualityGuard: section({
    enabled: value.boolean({ default: false }),
    maxRetries: value.number({ default: 1, min: 0, max: 3 }),
  }),
  model: value.text({ optional: "the session model applies" }),
  /** Seconds. */
  timeoutSeconds: value.positive({ default: 300 }),
  memoryFlush: section({
    enabled: value.boolean({ default: true }),
    softThresholdTokens: value.nonNegative({ default: 4000 }),
    /** Bytes (2 MiB). */
    forceFlushTranscriptBytes: value.nonNegative({ default: 2097152 }),
    prompt: value.text({ optional: "the default flush prompt applies" }),
    systemPrompt: value.text({ optional: "the default flush system prompt applies" }),
  }),
});

/**
 * What an unset `contextPruning.mode` and `ttl` mean (context.md §6.4): `off` and 5 minutes, but
 * `cache-ttl` with 1 hour when `mode` is unset and the default model is Anthropic's.
 */
export const CONTEXT_PRUNING_DEFAULTS = {
  mode: "off",
  ttl: "5m",
  anthropic: { mode: "cache-ttl", ttl: "1h" },
} as const;

/**
 * `agents.defaults.contextPruning` (context.md §6.4). `mode` and `ttl` stay unset when absent
 * (their default depends on the model; see `resolveContextPruning`); `ttl` is milliseconds, sizes chars.
 */
export const contextPruningConfigKeys = section({
  mode: value.oneOf(["off", "cache-ttl"], {
    optional: "off, or cache-ttl when the default model is Anthropic's",
    fallback: `the default ${CONTEXT_PRUNING_DEFAULTS.mode} applies`,
  }),
  ttl: value.duration({
    optional: "5m, or 1h when the mode is unset and the default model is Anthropic's",
    fallback: `the default ${CONTEXT_PRUNING_DEFAULTS.ttl} applies`,
  }),
  keepLastAssistants: value.nonNegative({ default: 3, integer: true }),
  softTrimRatio: value.number({ default: 0.3, min: 0, max: 1 }),
  hardClearRatio: value.number({ default: 0.5, min: 0, max: 1 }),
  minPrunableToolChars: value.nonNegative({ default: 50000 }),
  softTrim: section({
    maxChars: value.nonNegative({ default: 4000 }),
    headChars: value.nonNegative({ default: 1500 }),
    tailChars: value.nonNegative({ default: 1500 }),
  }),
  hardClear: section({
    enabled: value.boolean({ default: true }),
    placeholder: value.text({
      default: "[Old tool result content cleared]",
      fallback: "the default placeholder applies",
    }),
  }),
  tools: section({
    allow: value.textList("a tool name or pattern", { default: [] }),
    deny: value.textList("a tool name or pattern", { default: [] }),
  }),
});
