import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";

/**
 * Whether a session runs sandboxed (spec/loop.md §9): the agent's sandbox mode (its own
 * `agents.list[].sandbox.mode` over the defaults', default `off`) is `all`, or `non-main` and the
 * session is not the agent's main session `agent:<agentId>:main` (no key = the main session).
 */
export function isSandboxedSession(config: unknown, agentId: string, sessionKey: string | undefined): boolean {
  const { mode } = resolveAgentConfig(resolveOpenClawConfig(config), agentId).sandbox;
  const isMain = sessionKey === undefined || sessionKey === `agent:${agentId}:main`;
  return mode === "all" || (mode === "non-main" && !isMain);
}
