import { configNode } from "./config-node.js";
import { configValueChecks as check } from "./config-value-checks.js";

const { section } = configNode;

/** `agents.defaults.compaction` (context.md §4.1, memory.md §9.1). */
const compaction = section({
  mode: check.oneOf(["safeguard", "default"], "the default safeguard applies"),
  reserveTokens: check.nonNegativeNumber(16384),
  reserveTokensFloor: check.nonNegativeNumber(20000),
  keepRecentTokens: check.positiveNumber(20000),
  maxHistoryShare: check.number(0.5),
  identifierPolicy: check.oneOf(["strict", "off", "custom"], "the default strict applies"),
  identifierInstructions: check.text("the strict instructions apply"),
  recentTurnsPreserve: check.number(3),
  qualityGuard: section({ enabled: check.boolean(false), maxRetries: check.number(1) }),
  model: check.text("the session model applies"),
  timeoutSeconds: check.positiveNumber(300),
  memoryFlush: section({
    enabled: check.boolean(true),
    softThresholdTokens: check.nonNegativeNumber(4000),
    forceFlushTranscriptBytes: check.nonNegativeNumber(2097152),
    prompt: check.text("the default flush prompt applies"),
    systemPrompt: check.text("the default flush system prompt applies"),
  }),
});

/** `agents.defaults.contextPruning` (context.md §6.4). */
const contextPruning = section({
  mode: check.oneOf(["off", "cache-ttl"], "the default off applies"),
  ttl: check.duration("the default 5m applies"),
  keepLastAssistants: check.nonNegativeNumber(3),
  softTrimRatio: check.number(0.3),
  hardClearRatio: check.number(0.5),
  minPrunableToolChars: check.nonNegativeNumber(50000),
  softTrim: section({
    maxChars: check.nonNegativeNumber(4000),
    headChars: check.nonNegativeNumber(1500),
    tailChars: check.nonNegativeNumber(1500),
  }),
  hardClear: section({
    enabled: check.boolean(true),
    placeholder: check.text("the default placeholder applies"),
  }),
  tools: section({ allow: check.textList("a tool name or pattern"), deny: check.textList("a tool name or pattern") }),
});

/** Context-engine keys under `agents.defaults`. */
export const configContextKeys = { compaction, contextPruning };
