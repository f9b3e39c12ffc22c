import type { AgentEvent, ExpectationOf, ExpectationResult } from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatEvent, formatEvents, formatEventTypes } from "./format-events.js";
import { MAX_MESSAGE_VALUE_CHARS, stableJson, truncateText } from "./format-value.js";
import { isDeepSubset } from "./match-tool-calls.js";

function countText(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** `queue with {"action":"steered"}`, or just `queue` when no fields are asked for. */
function describeSubject(type: string, fields: Record<string, unknown>): string {
  if (Object.keys(fields).length === 0) return type;
  return `${type} with ${truncateText(stableJson(fields), MAX_MESSAGE_VALUE_CHARS)}`;
}

/** Field names the events have, in first-seen order, without the ones every event has. */
function fieldNames(events: readonly AgentEvent[]): string[] {
  const names = new Set(events.flatMap((event) => Object.keys(event)));
  for (const common of ["type", "runId", "sessionKey"]) names.delete(common);
  return [...names];
}

/**
 * `event`: the turn's events of type `event` whose fields contain `fields` (a deep subset,
 * matched as `tool-called` matches `input`): at least one, or exactly `times` (`0`: none). A
 * failure shows the turn's events of that type with their fields, or, when there are none, which
 * event types the turn had.
 */
export function checkEvent(expectation: ExpectationOf<"event">, context: ExpectationContext): ExpectationResult {
  const { event: type, fields, times } = expectation;
  const events = context.result.events;
  const ofType = events.filter((event) => event.type === type);
  const matching = ofType.filter((event) => isDeepSubset(fields, event));
  const pass = times === undefined ? matching.length > 0 : matching.length === times;
  const subject = describeSubject(type, fields);
  const expected = times === undefined ? subject : `${subject}, exactly ${countText(times, "time")}`;
  const shown = Object.keys(fields);
  const actual =
    ofType.length === 0 ? `no ${type} events; the turn had ${formatEventTypes(events)}` : formatEvents(ofType, shown);
  const message = pass ? `event ${expected}` : failureMessage({ type, fields, times, events, ofType, matching });
  return buildExpectationResult(expectation, { pass, message, expected, actual });
}

function failureMessage(facts: {
  type: string;
  fields: Record<string, unknown>;
  times: number | undefined;
  events: readonly AgentEvent[];
  ofType: readonly AgentEvent[];
  matching: readonly AgentEvent[];
}): string {
  const { type, fields, times, events, ofType, matching } = facts;
  const shown = Object.keys(fields);
  const list = (found: readonly AgentEvent[]): string => found.map((event) => formatEvent(event, shown)).join("; ");
  if (ofType.length === 0) {
    return `no ${type} event in the turn (check the type, or what should cause it); the turn had ${formatEventTypes(events)}`;
  }
  if (matching.length === 0) {
    const absent = shown.filter((key) => !ofType.some((event) => Object.hasOwn(event, key)));
    if (absent.length > 0) {
      const names = absent.map((key) => JSON.stringify(key)).join(", ");
      return `no ${type} event has ${absent.length === 1 ? "field" : "fields"} ${names} (check the name; ${type} events have ${fieldNames(ofType).join(", ")})`;
    }
    return `none of the turn's ${countText(ofType.length, `${type} event`)} has ${truncateText(stableJson(fields), MAX_MESSAGE_VALUE_CHARS)} (compare the fields with what was found): ${list(ofType)}`;
  }
  const counted = `${describeSubject(type, fields)}: ${countText(matching.length, "matching event")}, expected exactly ${times}`;
  if (matching.length > (times ?? 0)) return `${counted} (narrow the fields, or change times): ${list(matching)}`;
  return `${counted}; the turn's ${type} events: ${list(ofType)}`;
}
