import { isRecord } from "../domain/index.js";
import { resolveDefaultAgentId } from "../prompt/heartbeat-prompt.js";
import { readConfigValue } from "../prompt/read-config-value.js";

type Config = Readonly<Record<string, unknown>>;

export interface AgentHeartbeatConfig {
  /**
   * The config as the agent's heartbeat readers see it: `agents.defaults.heartbeat` with the
   * agent's own `agents.list[].heartbeat` keys laid over it.
   */
  config: Config;
  /** Whether this agent runs heartbeats at all. */
  enabled: boolean;
}

/**
 * Heartbeat settings of one agent (spec/loop.md §5.1): per-agent values override the defaults
 * key by key. If any `agents.list[]` entry has a `heartbeat` block, only those agents run
 * heartbeats; otherwise only the default agent does.
 */
export function resolveAgentHeartbeatConfig(config: Config, agentId: string): AgentHeartbeatConfig {
  const list = readConfigValue(config, "agents.list");
  const entries = Array.isArray(list) ? list.filter(isRecord) : [];
  const withBlock = entries.filter((entry) => isRecord(entry.heartbeat));
  const own = entries.find((entry) => entry.id === agentId);
  const enabled =
    withBlock.length > 0 ? withBlock.some((entry) => entry.id === agentId) : agentId === resolveDefaultAgentId(config);
  const ownBlock = isRecord(own?.heartbeat) ? own.heartbeat : undefined;
  if (ownBlock === undefined) return { config, enabled };
  const agents = isRecord(config.agents) ? config.agents : {};
  const defaults = isRecord(agents.defaults) ? agents.defaults : {};
  const base = isRecord(defaults.heartbeat) ? defaults.heartbeat : {};
  const merged = { ...config, agents: { ...agents, defaults: { ...defaults, heartbeat: { ...base, ...ownBlock } } } };
  return { config: merged, enabled };
}
