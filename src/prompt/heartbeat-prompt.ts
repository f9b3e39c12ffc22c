import { readConfigValue } from "./read-config-value.js";

/** The default heartbeat prompt (spec/loop.md §5.1, quoted in the seed documents). */
export const DEFAULT_HEARTBEAT_PROMPT =
  "Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.";

/** The configured heartbeat prompt, trimmed; blank or absent ⇒ the default. */
export function resolveHeartbeatPrompt(config: Readonly<Record<string, unknown>>): string {
  const value = readConfigValue(config, "agents.defaults.heartbeat.prompt");
  return typeof value === "string" && value.trim() !== "" ? value.trim() : DEFAULT_HEARTBEAT_PROMPT;
}

/** Id of the default agent: the `agents.list` entry with `default: true`, else the first, else `main`. */
export function resolveDefaultAgentId(config: Readonly<Record<string, unknown>>): string {
  const list = readConfigValue(config, "agents.list");
  if (!Array.isArray(list) || list.length === 0) return "main";
  const entries = list.filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null);
  const chosen = entries.find((entry) => entry.default === true) ?? entries[0];
  return typeof chosen?.id === "string" && chosen.id.trim() !== "" ? chosen.id.trim() : "main";
}
