import type { AgentEvent } from "../domain/index.js";
import { formatValue, MAX_VALUE_CHARS, truncateText } from "./format-value.js";

/** Limit for one field's value inside a short event, in chars. */
const MAX_FIELD_CHARS = 40;
/** Limit for one short event, in chars. */
const MAX_EVENT_CHARS = 160;

/** Fields every event has; shown only when the expectation names them. */
const COMMON_FIELDS = new Set(["type", "runId", "sessionKey"]);

/**
 * `queue {action: "steered", mode: "steer", turnIndex: 1}`: the type and its own fields in their
 * order, each value cut short; `runId` and `sessionKey` only when listed in `shown`.
 */
export function formatEvent(event: AgentEvent, shown: readonly string[] = []): string {
  const fields = Object.entries(event)
    .filter(([key]) => !COMMON_FIELDS.has(key) || (key !== "type" && shown.includes(key)))
    .map(([key, value]) => `${key}: ${formatValue(value, MAX_FIELD_CHARS)}`);
  return truncateText(fields.length === 0 ? event.type : `${event.type} {${fields.join(", ")}}`, MAX_EVENT_CHARS);
}

/** One short event per line ({@link formatEvent}), cut to `MAX_VALUE_CHARS`. */
export function formatEvents(events: readonly AgentEvent[], shown: readonly string[] = []): string {
  return truncateText(events.map((event) => formatEvent(event, shown)).join("\n"), MAX_VALUE_CHARS);
}

/** `agent_start, turn_start ×2, message_end ×2`: each event type once, in first-seen order; `no events` when none. */
export function formatEventTypes(events: readonly AgentEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  if (counts.size === 0) return "no events";
  return [...counts].map(([type, count]) => (count === 1 ? type : `${type} ×${count}`)).join(", ");
}
