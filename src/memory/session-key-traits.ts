/** What memory features read from a session key. */
export interface SessionKeyTraits {
  /** `group` / `channel` when the key has such a segment, else `direct` (also for no key). */
  chatType: "direct" | "group" | "channel";
  /** `subagent:…` or `agent:<id>:subagent:…`. */
  subagent: boolean;
  /** `agent:<id>:cron:…`. */
  cron: boolean;
}

/**
 * Reads chat type, sub-agent and cron traits from a session key such as
 * `agent:main:telegram:group:42` (memory.md §7.1, §8; the same rules as prompt.md §3.2).
 * Case-insensitive; empty segments are ignored. Pure.
 */
export function sessionKeyTraits(sessionKey: string | undefined): SessionKeyTraits {
  const segments = (sessionKey ?? "")
    .trim()
    .toLowerCase()
    .split(":")
    .filter((segment) => segment !== "");
  const afterAgent = segments[0] === "agent" ? segments[2] : undefined;
  let chatType: SessionKeyTraits["chatType"] = "direct";
  if (segments.includes("group")) chatType = "group";
  else if (segments.includes("channel")) chatType = "channel";
  return {
    chatType,
    subagent: segments[0] === "subagent" || afterAgent === "subagent",
    cron: afterAgent === "cron",
  };
}
