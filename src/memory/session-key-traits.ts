import { isCronSessionKey, isSubagentSessionKey, sessionChatType } from "../domain/index.js";

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
 * `agent:main:telegram:group:42` (memory.md §7.1, §8), with the session-key rules every area
 * shares (`domain/session-key.ts`). Pure.
 */
export function sessionKeyTraits(sessionKey: string | undefined): SessionKeyTraits {
  return {
    chatType: sessionChatType(sessionKey),
    subagent: isSubagentSessionKey(sessionKey),
    cron: isCronSessionKey(sessionKey),
  };
}
