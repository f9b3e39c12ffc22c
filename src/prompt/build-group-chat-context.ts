import type { MessageOrigin } from "../domain/index.js";

/** How the built-in channels spell their names; other channel ids are capitalised. */
const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  discord: "Discord",
  irc: "IRC",
  googlechat: "Google Chat",
  slack: "Slack",
  signal: "Signal",
  imessage: "iMessage",
};

/** A channel id as people write it: `whatsapp` → `WhatsApp`, `matrix` → `Matrix`. */
export function formatChannelLabel(channel: string): string {
  const id = channel.trim().toLowerCase();
  return CHANNEL_LABELS[id] ?? `${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/**
 * What a group or channel run adds to the system prompt (its `## Group Chat Context` section,
 * spec/prompt.md §6.20): where the agent is, that every message of the chat reaches it with its
 * sender's name in front, when to speak and how to stay silent (`NO_REPLY`), and that a reply
 * goes to everyone. `undefined` for direct chats, which get no such section.
 */
export function buildGroupChatContext(origin: Pick<MessageOrigin, "chat" | "channel" | "id">): string | undefined {
  if (origin.chat === "direct") return undefined;
  const label = formatChannelLabel(origin.channel);
  const where =
    origin.chat === "group" ? `the ${label} group "${origin.id ?? ""}"` : `the ${label} channel "${origin.id ?? ""}"`;
  return [
    `You are taking part in ${where}, where several people talk.`,
    "Every message posted there reaches you, prefixed with the name of the person who sent it.",
    "Most messages are not for you: speak only when someone addresses you or asks something you can clearly help with.",
    "When no reply is needed, reply with exactly NO_REPLY and nothing else, so nothing is posted.",
    "Your reply is posted to the whole chat, so answer the person whose message you reply to, keep it short and write like a person, without Markdown tables.",
  ].join(" ");
}
