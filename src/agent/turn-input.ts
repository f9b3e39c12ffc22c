import type { Turn, UserMessage } from "../domain/index.js";
import { resolveHeartbeatPrompt } from "../prompt/heartbeat-prompt.js";

/** The message a turn sends into the agent run. */
export function buildTurnInput(turn: Turn, config: Readonly<Record<string, unknown>>): UserMessage {
  if (turn.kind === "heartbeat") return { role: "user", content: resolveHeartbeatPrompt(config), kind: "heartbeat" };
  return { role: "user", content: turn.text, kind: turn.kind };
}
