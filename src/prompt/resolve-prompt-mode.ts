import type { PromptMode } from "./system-prompt-input.js";

function restOfAgentKey(sessionKey: string): string | undefined {
  const parts = sessionKey.split(":").filter((part) => part !== "");
  if (parts.length < 3 || parts[0] !== "agent") return undefined;
  return parts.slice(2).join(":");
}

/** True for `subagent:...` keys and `agent:<id>:subagent:...` keys (spec/prompt.md §3.2). */
export function isSubagentSessionKey(sessionKey: string | undefined): boolean {
  const key = (sessionKey ?? "").trim().toLowerCase();
  if (key.startsWith("subagent:")) return true;
  return restOfAgentKey(key)?.startsWith("subagent:") === true;
}

/** True for `agent:<id>:cron:...` keys. */
export function isCronSessionKey(sessionKey: string | undefined): boolean {
  return restOfAgentKey((sessionKey ?? "").trim().toLowerCase())?.startsWith("cron:") === true;
}

/** `minimal` for sub-agent sessions, else `full` (spec/prompt.md §3.2). */
export function resolvePromptMode(sessionKey?: string): PromptMode {
  return isSubagentSessionKey(sessionKey) ? "minimal" : "full";
}
