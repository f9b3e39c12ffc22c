import { configStructure } from "./config-structure.js";
import { configValue as value } from "./config-value.js";

const { section, map, list } = configStructure;

/**
 * `agents.defaults.memorySearch` and `agents.list[].memorySearch` (memory.md §2). Clamps the
 * spec states for one key are applied here; cross-key rules (overlap < tokens, weight
 * normalisation) belong to the reader. Token counts are tokens, scores 0–1.
 */
export const memorySearchConfigKeys = section({
  enabled: value.boolean({ default: true }),
  provider: value.oneOf(["hash", "openai", "none", "auto"], { default: "hash" }),
  model: value.text({ optional: "the provider's default model applies" }),
  fallback: value.oneOf(["hash", "none"], { default: "none" }),
  remote: section({
    baseUrl: value.text({ default: "https://api.openai.com/v1", fallback: "the value is ignored" }),
    apiKey: value.free("a string or a secret reference; absent: env OPENAI_API_KEY"),
    headers: map(value.text({ optional: "no extra header", trim: false, fallback: "the value is ignored" })),
  }),
  sources: list(value.oneOf(["memory", "sessions"], { optional: "—", fallback: "the entry is ignored" }), {
    default: ["memory" as const],
  }),
  extraPaths: value.pathList("a path", { default: [] }),
  store: section({
    path: value.path({ optional: "the default <stateDir>/memory/<agentId>.sqlite applies" }),
    fts: section({ tokenizer: value.oneOf(["unicode61", "trigram"], { default: "unicode61" }) }),
    vector: section({
      enabled: value.boolean({ default: true }),
      extensionPath: value.path({ optional: "the bundled sqlite-vec extension", fallback: "the value is ignored" }),
    }),
  }),
  chunking: section({
    tokens: value.positive({ default: 400 }),
    overlap: value.nonNegative({ default: 80 }),
  }),
  sync: section({
    onSessionStart: value.boolean({ default: true }),
    onSearch: value.boolean({ default: true }),
    watch: value.boolean({ default: true }),
    watchDebounceMs: value.nonNegative({ default: 1500 }),
    intervalMinutes: value.nonNegative({ default: 0 }),
  }),
  query: section({
    maxResults: value.positive({ default: 6 }),
    minScore: value.number({ default: 0.35, min: 0, max: 1 }),
    hybrid: section({
      enabled: value.boolean({ default: true }),
      vectorWeight: value.number({ default: 0.7, min: 0, max: 1 }),
      textWeight: value.number({ default: 0.3, min: 0, max: 1 }),
      candidateMultiplier: value.number({ default: 4, integer: true, min: 1, max: 20 }),
      mmr: section({
        enabled: value.boolean({ default: false }),
        lambda: value.number({ default: 0.7, min: 0, max: 1 }),
      }),
      temporalDecay: section({
        enabled: value.boolean({ default: true }),
        halfLifeDays: value.number({ default: 30, integer: true, min: 1 }),
      }),
    }),
  }),
  cache: section({
    enabled: value.boolean({ default: true }),
    maxEntries: value.positive({ optional: "unlimited", fallback: "the default (unlimited) applies" }),
  }),
  autoRecall: section({
    enabled: value.boolean({ default: true }),
    maxResults: value.positive({ default: 3 }),
    minScore: value.number({ default: 0.3, min: 0, max: 1 }),
    minPromptChars: value.nonNegative({ default: 5 }),
  }),
  experimental: section({ sessionMemory: value.boolean({ default: false }) }),
});
