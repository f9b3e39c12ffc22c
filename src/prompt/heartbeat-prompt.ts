import { DEFAULT_HEARTBEAT_PROMPT } from "../config/heartbeat-config-keys.js";
import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";

export { DEFAULT_HEARTBEAT_PROMPT };

/**
 * The heartbeat prompt (spec/loop.md §5.1), trimmed, blank or absent ⇒ the default: the agent's
 * own `agents.list[].heartbeat.prompt` over the defaults' when `agentId` is given, else
 * `agents.defaults.heartbeat.prompt`.
 */
export function resolveHeartbeatPrompt(config: unknown, agentId: string | undefined): string {
  const resolved = resolveOpenClawConfig(config);
  return agentId === undefined
    ? resolved.agents.defaults.heartbeat.prompt
    : resolveAgentConfig(resolved, agentId).heartbeat.prompt;
}
