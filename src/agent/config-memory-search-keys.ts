import { configNode } from "./config-node.js";
import { configValueChecks as check } from "./config-value-checks.js";

const { section, map, list } = configNode;

/** `agents.defaults.memorySearch` and `agents.list[].memorySearch` (memory.md §2). */
export const configMemorySearchKeys = section({
  enabled: check.boolean(true),
  provider: check.oneOf(["hash", "openai", "none", "auto"], "the default hash applies"),
  model: check.text("the provider's default model applies"),
  fallback: check.oneOf(["hash", "none"], "the default none applies"),
  remote: section({ baseUrl: check.text(), apiKey: configNode.free, headers: map(check.text()) }),
  sources: list(check.oneOf(["memory", "sessions"], "the entry is ignored")),
  extraPaths: check.textList("a path"),
  store: section({
    path: check.text("the default <stateDir>/memory/<agentId>.sqlite applies"),
    fts: section({ tokenizer: check.oneOf(["unicode61", "trigram"], "the default unicode61 applies") }),
    vector: section({ enabled: check.boolean(true), extensionPath: check.text() }),
  }),
  chunking: section({ tokens: check.positiveNumber(400), overlap: check.nonNegativeNumber(80) }),
  sync: section({
    onSessionStart: check.boolean(true),
    onSearch: check.boolean(true),
    watch: check.boolean(true),
    watchDebounceMs: check.nonNegativeNumber(1500),
    intervalMinutes: check.nonNegativeNumber(0),
  }),
  query: section({
    maxResults: check.positiveNumber(6),
    minScore: check.number(0.35),
    hybrid: section({
      enabled: check.boolean(true),
      vectorWeight: check.number(0.7),
      textWeight: check.number(0.3),
      candidateMultiplier: check.number(4),
      mmr: section({ enabled: check.boolean(false), lambda: check.number(0.7) }),
      temporalDecay: section({ enabled: check.boolean(true), halfLifeDays: check.number(30) }),
    }),
  }),
  cache: section({ enabled: check.boolean(true), maxEntries: check.positiveNumber("(unlimited)") }),
  autoRecall: section({
    enabled: check.boolean(true),
    maxResults: check.positiveNumber(3),
    minScore: check.number(0.3),
    minPromptChars: check.nonNegativeNumber(5),
  }),
  experimental: section({ sessionMemory: check.boolean(false) }),
});
