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
