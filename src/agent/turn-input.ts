import type { Turn, UserMessage } from "../domain/index.js";
import { readConfigValue } from "../prompt/read-config-value.js";

/** The default heartbeat prompt (spec/loop.md §5.1). */
export const DEFAULT_HEARTBEAT_PROMPT =
  "Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.";

/** The configured heartbeat prompt, trimmed; blank or absent ⇒ the default. */
export function resolveHeartbeatPrompt(config: Readonly<Record<string, unknown>>): string {
  const value = readConfigValue(config, "agents.defaults.heartbeat.prompt");
  return typeof value === "string" && value.trim() !== "" ? value.trim() : DEFAULT_HEARTBEAT_PROMPT;
}

/** The message a turn sends into the agent run. */
export function buildTurnInput(turn: Turn, config: Readonly<Record<string, unknown>>): UserMessage {
  if (turn.kind === "heartbeat") return { role: "user", content: resolveHeartbeatPrompt(config), kind: "heartbeat" };
  return { role: "user", content: turn.text, kind: turn.kind };
}
