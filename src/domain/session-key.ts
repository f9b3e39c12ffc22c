import { ClawEvalError } from "./errors.js";
import type { MessageOrigin } from "./scenario.js";

function segmentsOf(sessionKey: string | undefined): string[] {
  return (sessionKey ?? "")
    .trim()
    .toLowerCase()
    .split(":")
    .filter((segment) => segment !== "");
}

/** What follows `agent:<id>:` in a session key, or `undefined` for other keys. */
function restOfAgentKey(segments: readonly string[]): readonly string[] | undefined {
  return segments.length >= 3 && segments[0] === "agent" ? segments.slice(2) : undefined;
}

/** True for `subagent:...` keys and `agent:<id>:subagent:...` keys (prompt.md §3.2). Case-insensitive. */
export function isSubagentSessionKey(sessionKey: string | undefined): boolean {
  const segments = segmentsOf(sessionKey);
  return segments[0] === "subagent" || restOfAgentKey(segments)?.[0] === "subagent";
}

/** True for `agent:<id>:cron:...` keys. */
export function isCronSessionKey(sessionKey: string | undefined): boolean {
  return restOfAgentKey(segmentsOf(sessionKey))?.[0] === "cron";
}

/** `group` or `channel` when the key has such a segment, else `direct` (also for no key). */
export function sessionChatType(sessionKey: string | undefined): "direct" | "group" | "channel" {
  const segments = segmentsOf(sessionKey);
  if (segments.includes("group")) return "group";
  return segments.includes("channel") ? "channel" : "direct";
}

/** The main session of an agent: `agent:<agentId>:main` (loop.md §1). */
export function mainSessionKey(agentId: string): string {
  return `agent:${agentId}:main`;
}

/**
 * The session a message from `origin` runs in (loop.md §1): direct chats share the agent's main
 * session; a group is `agent:<agentId>:<channel>:group:<id>`, a channel
 * `agent:<agentId>:<channel>:channel:<id>`. Channel and id are trimmed and lower-cased, so the
 * same group always maps to the same session. A group or channel origin without an id is a
 * broken invariant (scenario parsing requires one) and throws.
 */
export function sessionKeyForOrigin(agentId: string, origin: Pick<MessageOrigin, "chat" | "channel" | "id">): string {
  if (origin.chat === "direct") return mainSessionKey(agentId);
  const id = origin.id?.trim().toLowerCase() ?? "";
  const channel = origin.channel.trim().toLowerCase();
  if (id === "" || channel === "") {
    throw new ClawEvalError("invariant", `A ${origin.chat} message needs a channel and an id (got "${channel}:${id}")`);
  }
  return `agent:${agentId}:${channel}:${origin.chat}:${id}`;
}
