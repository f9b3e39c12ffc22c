import { asRecord } from "../domain/index.js";

/** `sandbox.mode` of an agent: its own `agents.list[].sandbox.mode`, else the defaults', else `off`. */
function sandboxMode(config: Readonly<Record<string, unknown>>, agentId: string): string {
  const agents = asRecord(config.agents);
  const entry = (Array.isArray(agents?.list) ? agents.list : [])
    .map(asRecord)
    .find((candidate) => candidate?.id === agentId);
  const mode = asRecord(entry?.sandbox)?.mode ?? asRecord(asRecord(agents?.defaults)?.sandbox)?.mode;
  return typeof mode === "string" ? mode : "off";
}

/**
 * Whether a session runs sandboxed (spec/loop.md §9): sandbox mode `all`, or `non-main` and the
 * session is not the agent's main session `agent:<agentId>:main` (no key = the main session).
 */
export function isSandboxedSession(
  config: Readonly<Record<string, unknown>>,
  agentId: string,
  sessionKey: string | undefined,
): boolean {
  const mode = sandboxMode(config, agentId);
  const isMain = sessionKey === undefined || sessionKey === `agent:${agentId}:main`;
  return mode === "all" || (mode === "non-main" && !isMain);
}
