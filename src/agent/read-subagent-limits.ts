import { readConfigValue, readPositiveInteger } from "../prompt/read-config-value.js";

/** Sub-agent limits of one requester agent (spec/loop.md §1, §6.1). */
export interface SubagentLimits {
  /** `agents.defaults.subagents.maxSpawnDepth`, default 1 (sub-agents cannot spawn). */
  maxSpawnDepth: number;
  /** `agents.defaults.subagents.maxChildrenPerAgent`, default 5 active children per session. */
  maxChildrenPerAgent: number;
  /** `agents.list[<agent>].subagents.allowAgents`: other agent ids it may spawn as (`*` = any). */
  allowAgents: readonly string[];
  /** `agents.defaults.subagents.model`: the children's model unless `sessions_spawn` names one. */
  model?: string;
}

export const DEFAULT_MAX_SPAWN_DEPTH = 1;
export const DEFAULT_MAX_CHILDREN_PER_AGENT = 5;

function agentEntry(config: Readonly<Record<string, unknown>>, agentId: string): Record<string, unknown> | undefined {
  const list = readConfigValue(config, "agents.list");
  if (!Array.isArray(list)) return undefined;
  const entry = list.find(
    (item): item is Record<string, unknown> =>
      typeof item === "object" && item !== null && (item as Record<string, unknown>).id === agentId,
  );
  return entry;
}

/** Reads the limits that apply when `agentId`'s sessions spawn sub-agents. */
export function readSubagentLimits(config: Readonly<Record<string, unknown>>, agentId: string): SubagentLimits {
  const entry = agentEntry(config, agentId);
  const allow = entry === undefined ? undefined : readConfigValue(entry, "subagents.allowAgents");
  const model = readConfigValue(config, "agents.defaults.subagents.model");
  return {
    maxSpawnDepth: readPositiveInteger(config, "agents.defaults.subagents.maxSpawnDepth", DEFAULT_MAX_SPAWN_DEPTH),
    maxChildrenPerAgent: readPositiveInteger(
      config,
      "agents.defaults.subagents.maxChildrenPerAgent",
      DEFAULT_MAX_CHILDREN_PER_AGENT,
    ),
    allowAgents: Array.isArray(allow) ? allow.filter((item): item is string => typeof item === "string") : [],
    ...(typeof model === "string" && model.trim() !== "" ? { model: model.trim() } : {}),
  };
}
