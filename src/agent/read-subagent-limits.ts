import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";

/** Sub-agent limits of one requester agent (spec/loop.md §1, §6.1). */
export interface SubagentLimits {
  /** `agents.defaults.subagents.maxSpawnDepth`, default 1 (sub-agents cannot spawn). */
  maxSpawnDepth: number;
  /** `agents.defaults.subagents.maxChildrenPerAgent`, default 5 active children per session. */
  maxChildrenPerAgent: number;
  /** `agents.list[<agent>].subagents.allowAgents`: other agent ids it may spawn as (`*` = any). */
  allowAgents: readonly string[];
  /** The children's model unless `sessions_spawn` names one: the agent's `subagents.model`, else the defaults'. */
  model?: string;
  /** `agents.defaults.subagents.runTimeoutSeconds`: a child's run timeout unless `sessions_spawn` gives one; seconds, 0 = none. */
  runTimeoutSeconds: number;
}

/** Reads the limits that apply when `agentId`'s sessions spawn sub-agents. Pure. */
export function readSubagentLimits(config: unknown, agentId: string): SubagentLimits {
  const { subagents } = resolveAgentConfig(resolveOpenClawConfig(config), agentId);
  return {
    maxSpawnDepth: subagents.maxSpawnDepth,
    maxChildrenPerAgent: subagents.maxChildrenPerAgent,
    allowAgents: subagents.allowAgents,
    runTimeoutSeconds: subagents.runTimeoutSeconds,
    ...(subagents.model === undefined ? {} : { model: subagents.model }),
  };
}
