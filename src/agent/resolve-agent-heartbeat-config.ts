import { type HeartbeatConfig, resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { buildHeartbeatDelivery, type HeartbeatDelivery } from "./read-heartbeat-delivery.js";

export interface AgentHeartbeatConfig {
  /** The agent's heartbeat settings: its `agents.list[].heartbeat` keys over `agents.defaults.heartbeat` (`every` in ms, 0 = off). */
  settings: HeartbeatConfig;
  /** Whether this agent runs heartbeats at all. */
  enabled: boolean;
  /** Where its heartbeat output goes and what the channel shows. */
  delivery: HeartbeatDelivery;
}

/**
 * Heartbeat settings of one agent (spec/loop.md §5.1): per-agent values override the defaults
 * key by key. If any `agents.list[]` entry has a `heartbeat` block, only those agents run
 * heartbeats; otherwise only the default agent does. Pure.
 */
export function resolveAgentHeartbeatConfig(config: unknown, agentId: string): AgentHeartbeatConfig {
  const resolved = resolveOpenClawConfig(config);
  const agent = resolveAgentConfig(resolved, agentId);
  return {
    settings: agent.heartbeat,
    enabled: agent.heartbeatEnabled,
    delivery: buildHeartbeatDelivery(resolved, agent.heartbeat),
  };
}
