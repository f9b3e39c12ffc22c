import type { OpenClawConfig } from "./openclaw-config-schema.js";
import type { ToolPolicyConfig } from "./tool-config-keys.js";

type GroupEntry = OpenClawConfig["channels"][string]["groups"][string];

export interface GroupToolPolicyQuery {
  /** Channel id (`whatsapp`, ...); matched as written, then trimmed and lower-cased. */
  channel: string;
  /** Group or channel id; matched as written, then trimmed and lower-cased. */
  groupId: string;
  /** Who sent the message. */
  sender: string;
}

/** A sender as `toolsBySender` keys compare: trimmed, one leading `@` dropped, lower-cased. */
function senderKey(value: string): string {
  const trimmed = value.trim();
  return (trimmed.startsWith("@") ? trimmed.slice(1) : trimmed).toLowerCase();
}

function findEntry<T>(entries: Readonly<Record<string, T>>, name: string): T | undefined {
  if (Object.hasOwn(entries, name)) return entries[name];
  const wanted = name.trim().toLowerCase();
  const key = Object.keys(entries).find((candidate) => candidate.trim().toLowerCase() === wanted);
  return key === undefined ? undefined : entries[key];
}

function bySender(group: GroupEntry | undefined, sender: string): ToolPolicyConfig | undefined {
  const table = group?.toolsBySender ?? {};
  const wanted = senderKey(sender);
  let wildcard: ToolPolicyConfig | undefined;
  for (const [key, policy] of Object.entries(table)) {
    const normalised = senderKey(key);
    if (normalised === "*") wildcard ??= policy;
    else if (normalised !== "" && normalised === wanted) return policy;
  }
  return wildcard;
}

/**
 * The group policy layer of a group or channel session (loop.md §7.3 layer 7), from
 * `channels.<channel>.groups`: the group's own entry, else the channel's `*` entry; within an
 * entry, the sender's `toolsBySender` policy (else its `*` sender), else the entry's `tools`.
 * The first that is set wins; `undefined` when none is (the layer then allows everything).
 */
export function resolveGroupToolPolicy(
  config: OpenClawConfig,
  query: GroupToolPolicyQuery,
): ToolPolicyConfig | undefined {
  const channel = findEntry(config.channels, query.channel);
  const groups = channel?.groups ?? {};
  const own = query.groupId === "*" ? undefined : findEntry(groups, query.groupId);
  const fallback = Object.hasOwn(groups, "*") ? groups["*"] : undefined;
  for (const entry of [own, fallback]) {
    const policy = bySender(entry, query.sender) ?? entry?.tools;
    if (policy !== undefined) return policy;
  }
  return undefined;
}
