/**
 * openclaw.json as the specs read it (spec/prompt.md §1.5, skills.md §1.4, context.md §4.1 and
 * §6.4, memory.md §2 and §9, loop.md §1, §5.1, §6, §7, §8, §9). Every key is optional; defaults
 * are those the specs state. Keys the specs never name may still be present at run time (they
 * are warnings, not errors), so readers must not assume the objects are closed.
 */

/** An allow/deny policy of one scope (loop.md §7.2). Entries are tool names, groups or `*` globs. */
export interface ToolPolicyConfig {
  allow?: string[];
  /** Added to `allow`; with no `allow`, means `["*", ...alsoAllow]`. Both non-empty in one scope is an error. */
  alsoAllow?: string[];
  deny?: string[];
}

export type ToolProfileId = "minimal" | "coding" | "messaging" | "full";

export interface ProviderToolsConfig extends ToolPolicyConfig {
  profile?: ToolProfileId;
}

export interface AgentToolsConfig extends ToolPolicyConfig {
  profile?: ToolProfileId;
  /** Keyed by `<provider>/<model>` or `<provider>` (case-insensitive). */
  byProvider?: Record<string, ProviderToolsConfig>;
}

export interface ExecToolConfig {
  /** Default `sandbox`. */
  host?: "sandbox" | "gateway";
  /** Default `allowlist`. */
  security?: "deny" | "allowlist" | "full";
  /** Default `on-miss`. */
  ask?: "off" | "on-miss" | "always";
  /** What an unanswered approval falls back to; default `deny`. */
  askFallback?: "deny" | "allowlist" | "full";
  /** Default `jq, cut, uniq, head, tail, tr, wc`. */
  safeBins?: string[];
}

export interface ToolsConfig extends AgentToolsConfig {
  subagents?: { tools?: ToolPolicyConfig };
  sandbox?: { tools?: ToolPolicyConfig };
  exec?: ExecToolConfig;
  /** `workspaceOnly` default `true`. */
  fs?: { workspaceOnly?: boolean };
}

export interface HeartbeatConfig {
  /** Duration, default unit minutes; default `30m`; `0` or invalid disables. */
  every?: string | number;
  prompt?: string;
  /** Default `last`. */
  target?: string;
  to?: string;
  accountId?: string;
  model?: string;
  /** Chars; default 300. */
  ackMaxChars?: number;
  activeHours?: { start?: string; end?: string; timezone?: string };
  session?: string;
  includeReasoning?: boolean;
  lightContext?: boolean;
}

export interface MemorySearchConfig {
  enabled?: boolean;
  provider?: "hash" | "openai" | "none" | "auto";
  model?: string;
  fallback?: "hash" | "none";
  remote?: { baseUrl?: string; apiKey?: unknown; headers?: Record<string, string> };
  sources?: ("memory" | "sessions")[];
  extraPaths?: string[];
  store?: {
    path?: string;
    fts?: { tokenizer?: "unicode61" | "trigram" };
    vector?: { enabled?: boolean; extensionPath?: string };
  };
  /** Tokens. */
  chunking?: { tokens?: number; overlap?: number };
  sync?: {
    onSessionStart?: boolean;
    onSearch?: boolean;
    watch?: boolean;
    watchDebounceMs?: number;
    intervalMinutes?: number;
  };
  query?: {
    maxResults?: number;
    minScore?: number;
    hybrid?: {
      enabled?: boolean;
      vectorWeight?: number;
      textWeight?: number;
      candidateMultiplier?: number;
      mmr?: { enabled?: boolean; lambda?: number };
      temporalDecay?: { enabled?: boolean; halfLifeDays?: number };
    };
  };
  cache?: { enabled?: boolean; maxEntries?: number };
  autoRecall?: { enabled?: boolean; maxResults?: number; minScore?: number; minPromptChars?: number };
  experimental?: { sessionMemory?: boolean };
}

export interface MemoryFlushConfig {
  enabled?: boolean;
  /** Tokens; default 4000. */
  softThresholdTokens?: number;
  /** Bytes; default 2 097 152. */
  forceFlushTranscriptBytes?: number;
  prompt?: string;
  systemPrompt?: string;
}

export interface CompactionConfig {
  mode?: "safeguard" | "default";
  reserveTokens?: number;
  reserveTokensFloor?: number;
  keepRecentTokens?: number;
  maxHistoryShare?: number;
  identifierPolicy?: "strict" | "off" | "custom";
  identifierInstructions?: string;
  recentTurnsPreserve?: number;
  qualityGuard?: { enabled?: boolean; maxRetries?: number };
  model?: string;
  /** Seconds; default 300. */
  timeoutSeconds?: number;
  memoryFlush?: MemoryFlushConfig;
}

export interface ContextPruningConfig {
  mode?: "off" | "cache-ttl";
  ttl?: string | number;
  keepLastAssistants?: number;
  softTrimRatio?: number;
  hardClearRatio?: number;
  minPrunableToolChars?: number;
  softTrim?: { maxChars?: number; headChars?: number; tailChars?: number };
  hardClear?: { enabled?: boolean; placeholder?: string };
  tools?: { allow?: string[]; deny?: string[] };
}

export interface SandboxConfig {
  mode?: "off" | "non-main" | "all";
  workspaceAccess?: "none" | "ro" | "rw";
}

export interface SubagentDefaultsConfig {
  /** Default 8. */
  maxConcurrent?: number;
  /** Default 1 (sub-agents cannot spawn). */
  maxSpawnDepth?: number;
  /** Default 5. */
  maxChildrenPerAgent?: number;
  /** Seconds; default 0 (none). */
  runTimeoutSeconds?: number;
  model?: string;
  thinking?: string;
}

export interface AgentDefaultsConfig {
  workspace?: string;
  repoRoot?: string;
  userTimezone?: string;
  /** Default `auto`; resolved, never rendered. */
  timeFormat?: string;
  /** Chars per bootstrap file; default 20000; positive finite numbers only, floored. */
  bootstrapMaxChars?: number;
  /** Chars over all bootstrap files; default 150000. */
  bootstrapTotalMaxChars?: number;
  /** Lines of MEMORY.md injected; default 200; 0 turns the cap off. */
  memoryMaxLines?: number;
  /** Default 4 (the `main` lane). */
  maxConcurrent?: number;
  /** Run timeout in seconds; default 600. */
  timeoutSeconds?: number;
  model?: unknown;
  /** Keyed by `provider/model`. */
  models?: Record<string, { alias?: string }>;
  heartbeat?: HeartbeatConfig;
  subagents?: SubagentDefaultsConfig;
  sandbox?: SandboxConfig;
  compaction?: CompactionConfig;
  contextPruning?: ContextPruningConfig;
  memorySearch?: MemorySearchConfig;
}

export interface AgentEntryConfig {
  id?: string;
  default?: boolean;
  name?: string;
  workspace?: string;
  model?: unknown;
  tools?: AgentToolsConfig;
  /** Skill filter (names); `[]` means no skills. */
  skills?: string[];
  heartbeat?: HeartbeatConfig;
  memorySearch?: MemorySearchConfig;
  subagents?: { allowAgents?: string[]; model?: string; thinking?: string };
  sandbox?: SandboxConfig;
}

export interface SkillEntryConfig {
  enabled?: boolean;
  env?: Record<string, string>;
  /** A string or a secret reference. */
  apiKey?: unknown;
  config?: Record<string, unknown>;
}

export interface SkillsConfig {
  load?: { extraDirs?: string[]; watch?: boolean; watchDebounceMs?: number; bundledDir?: string };
  limits?: {
    maxCandidatesPerRoot?: number;
    maxSkillsLoadedPerSource?: number;
    maxSkillsInPrompt?: number;
    /** Chars; default 30000. */
    maxSkillsPromptChars?: number;
    /** Bytes; default 256000. */
    maxSkillFileBytes?: number;
  };
  allowBundled?: string[];
  /** Keyed by skillKey. */
  entries?: Record<string, SkillEntryConfig>;
}

export type QueueMode = "collect" | "followup" | "steer" | "steer-backlog" | "interrupt";

export interface OpenClawConfig {
  agents?: { defaults?: AgentDefaultsConfig; list?: AgentEntryConfig[] };
  tools?: ToolsConfig;
  skills?: SkillsConfig;
  memory?: { citations?: "auto" | "on" | "off" };
  commands?: { ownerDisplay?: "raw" | "hash"; ownerDisplaySecret?: string };
  messages?: {
    queue?: { mode?: QueueMode; debounceMs?: number; cap?: number; drop?: "old" | "new" | "summarize" };
    responsePrefix?: string;
  };
  /** Keyed by channel id (and `defaults`); free-form below that. */
  channels?: Record<string, Record<string, unknown>>;
  hooks?: {
    internal?: {
      enabled?: boolean;
      entries?: Record<string, { enabled?: boolean; [option: string]: unknown }>;
    };
  };
  acp?: { enabled?: boolean; defaultAgent?: string; allowedAgents?: string[] };
  plugins?: { slots?: { contextEngine?: string }; entries?: Record<string, unknown> };
  browser?: { enabled?: boolean; evaluateEnabled?: boolean };
}

/**
 * One problem found in a config. `path` is the dotted key path (`agents.list[0].tools.allow`);
 * `segments` is the same path as keys and list indexes; `target` says whether the key itself
 * (unknown keys, conflicting keys) or its value is at fault.
 */
export interface ConfigIssue {
  path: string;
  segments: readonly (string | number)[];
  target: "key" | "value";
  severity: "warning" | "error";
  expected: string;
  found: string;
  suggestion?: string;
}
