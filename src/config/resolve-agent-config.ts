import type { OpenClawConfig } from "./openclaw-config-schema.js";
import { overlayConfig } from "./overlay-config.js";

type AgentDefaults = OpenClawConfig["agents"]["defaults"];
/** One resolved `agents.list[]` entry; its `heartbeat`, `memorySearch` and `sandbox` hold only what it sets. */
export type AgentEntryConfig = OpenClawConfig["agents"]["list"][number];
export type HeartbeatConfig = AgentDefaults["heartbeat"];
export type MemorySearchConfig = AgentDefaults["memorySearch"];
export type SandboxConfig = AgentDefaults["sandbox"];
export type CompactionConfig = AgentDefaults["compaction"];
export type ContextPruningConfig = AgentDefaults["contextPruning"];

/** The settings of one agent: `agents.list[]` over `agents.defaults` where the specs say so. */
export interface AgentConfig {
  /** The id asked for. */
  id: string;
  /** Its `agents.list[]` entry, if any. */
  entry: AgentEntryConfig | undefined;
  /** Whether this agent runs heartbeats (loop.md §5.1 agent selection). */
  heartbeatEnabled: boolean;
  /** `agents.defaults.heartbeat` with the entry's keys laid over it (a set `activeHours` replaces the whole window). */
  heartbeat: HeartbeatConfig;
  /** `agents.defaults.memorySearch` with the entry's keys laid over it key by key; `extraPaths` concatenated, deduped (memory.md §2). */
  memorySearch: MemorySearchConfig;
  /** `agents.defaults.sandbox` with the entry's `mode` / `workspaceAccess` laid over it (loop.md §9). */
  sandbox: SandboxConfig;
  /** `agents.defaults.subagents` plus the entry's `allowAgents` (default none) and its `model` / `thinking` over the defaults'. */
  subagents: AgentDefaults["subagents"] & { allowAgents: string[] };
  /** The entry's skill filter (names, normalised); `undefined` means no filter (skills.md §7). */
  skills: string[] | undefined;
}

/** Agent ids compare trimmed and case-insensitively (OpenClaw normalises ids to lower case). */
const sameId = (a: string | undefined, b: string) =>
  a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The `agents.list[]` entry of `agentId`, if any. */
export function findAgentEntry(config: OpenClawConfig, agentId: string): AgentEntryConfig | undefined {
  return config.agents.list.find((entry) => sameId(entry.id, agentId));
}

/** Id of the default agent: the `agents.list` entry with `default: true`, else the first, else `main`. */
export function resolveDefaultAgentId(config: OpenClawConfig): string {
  const { list } = config.agents;
  return (list.find((entry) => entry.default) ?? list[0])?.id ?? "main";
}

/**
 * The agent-merged view of one agent (prompt.md §1.5, loop.md §5.1, §6.1, §9, memory.md §2,
 * skills.md §7). If any `agents.list[]` entry has a `heartbeat` block only those agents run
 * heartbeats, otherwise only the default agent. Pure.
 */
export function resolveAgentConfig(config: OpenClawConfig, agentId: string): AgentConfig {
  const defaults = config.agents.defaults;
  const entry = findAgentEntry(config, agentId);
  const withHeartbeat = config.agents.list.filter((candidate) => candidate.heartbeat !== undefined);
  const heartbeatEnabled =
    withHeartbeat.length > 0
      ? withHeartbeat.some((candidate) => sameId(candidate.id, agentId))
      : sameId(resolveDefaultAgentId(config), agentId);
  const memorySearch = overlayConfig(defaults.memorySearch, entry?.memorySearch, { deep: true });
  const extraPaths = [...new Set([...defaults.memorySearch.extraPaths, ...(entry?.memorySearch?.extraPaths ?? [])])];
  const own = entry?.subagents;
  return {
    id: agentId,
    entry,
    heartbeatEnabled,
    heartbeat: overlayConfig(defaults.heartbeat, entry?.heartbeat),
    memorySearch: { ...memorySearch, extraPaths },
    sandbox: overlayConfig(defaults.sandbox, entry?.sandbox),
    subagents: {
      ...defaults.subagents,
      allowAgents: own?.allowAgents ?? [],
      model: own?.model ?? defaults.subagents.model,
      thinking: own?.thinking ?? defaults.subagents.thinking,
    },
    skills: entry?.skills,
  };
}
