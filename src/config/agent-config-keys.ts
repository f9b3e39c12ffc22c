import { configStructure } from "./config-structure.js";
import { configValue as value } from "./config-value.js";
import { compactionConfigKeys, contextPruningConfigKeys } from "./context-config-keys.js";
import { heartbeatConfigKeys } from "./heartbeat-config-keys.js";
import { memorySearchConfigKeys } from "./memory-search-config-keys.js";
import { agentToolConfigKeys } from "./tool-config-keys.js";

const { section, map, list, overrides } = configStructure;

/** `agents.defaults.sandbox` and per-agent overrides (loop.md §9). */
export const sandboxConfigKeys = section({
  mode: value.oneOf(["off", "non-main", "all"], { default: "off" }),
  workspaceAccess: value.oneOf(["none", "ro", "rw"], { default: "none" }),
});

const model = () => value.free("a `provider/model` id or `{ primary }`; absent: the scenario's model");

/** `agents.defaults.*` (prompt.md §1.5, loop.md §1, §5, §6, §9, context.md §4.1, §6.4, memory.md §2). */
export const agentDefaultsConfigKeys = section({
  workspace: value.path({ optional: "the default ~/.openclaw/workspace applies" }),
  repoRoot: value.path({ optional: "the nearest git root", fallback: "the value is ignored" }),
  userTimezone: value.timeZone({ optional: "the host time zone applies" }),
  timeFormat: value.text({ default: "auto", fallback: "the default auto applies" }),
  /** Chars per bootstrap file; floored. */
  bootstrapMaxChars: value.positive({ default: 20000, integer: true }),
  /** Chars over all bootstrap files; floored. */
  bootstrapTotalMaxChars: value.positive({ default: 150000, integer: true }),
  /** Lines of MEMORY.md injected; 0 turns the cap off. */
  memoryMaxLines: value.nonNegative({ default: 200, integer: true }),
  maxConcurrent: value.positive({ default: 4 }),
  /** Seconds. */
  timeoutSeconds: value.positive({ default: 600 }),
  model: model(),
  /** Keyed by `provider/model`. */
  models: map(section({ alias: value.text({ optional: "no alias line is shown" }) })),
  heartbeat: heartbeatConfigKeys,
  subagents: section({
    maxConcurrent: value.positive({ default: 8 }),
    maxSpawnDepth: value.positive({ default: 1, integer: true }),
    maxChildrenPerAgent: value.positive({ default: 5, integer: true }),
    /** Seconds; 0 = none. */
    runTimeoutSeconds: value.nonNegative({ default: 0 }),
    model: value.text({ optional: "the caller's model applies" }),
    thinking: value.text({ optional: "the caller's thinking level applies" }),
  }),
  sandbox: sandboxConfigKeys,
  compaction: compactionConfigKeys,
  contextPruning: contextPruningConfigKeys,
  memorySearch: memorySearchConfigKeys,
});

/**
 * One `agents.list[]` entry (prompt.md §1.5, skills.md §7, loop.md §5.1, §6.1, memory.md §2).
 * `heartbeat`, `memorySearch` and `sandbox` are overrides of `agents.defaults` (unset keys stay unset).
 */
export const agentEntryConfigKeys = section({
  id: value.text({ optional: "the entry matches no agent id" }),
  default: value.boolean({ default: false }),
  name: value.text({ optional: "no display name", fallback: "the value is ignored" }),
  workspace: value.path({ optional: "the default workspace applies" }),
  model: model(),
  tools: agentToolConfigKeys,
  /** Skill filter (names); `[]` means no skills, absent means no filter. */
  skills: value.nameList("a skill name", { optional: "no skill filter" }),
  heartbeat: overrides(heartbeatConfigKeys),
  memorySearch: overrides(memorySearchConfigKeys),
  subagents: section({
    allowAgents: value.textList("an agent id or *", { default: [] }),
    model: value.text({ optional: "the caller's model applies" }),
    thinking: value.text({ optional: "the caller's thinking level applies" }),
  }),
  sandbox: overrides(sandboxConfigKeys),
});

/** `agents.*`. */
export const agentsConfigKeys = section({
  defaults: agentDefaultsConfigKeys,
  list: list(agentEntryConfigKeys, { default: [] }),
});
