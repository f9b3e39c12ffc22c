import { parseClockMinutes } from "../agent/is-within-active-hours.js";
import { parseDurationMs } from "../config/parse-duration-ms.js";
import type { TurnArrival } from "../domain/index.js";
import { isIsoDateTime } from "./check-scenario-values.js";

const UNIT_AT_END = /[a-z]\s*$/i;

/**
 * Milliseconds of a scenario duration: a number with a unit (`500ms`, `30s`, `5m`, `1.5h`,
 * `1d`), rounded to whole milliseconds. Unlike openclaw.json, the unit is required (a bare `5`
 * is `undefined`). No bound is applied here. Pure.
 */
export function parseScenarioDurationMs(text: string): number | undefined {
  if (!UNIT_AT_END.test(text)) return undefined;
  const ms = parseDurationMs(text);
  return ms === undefined ? undefined : Math.round(ms);
}

/** Minutes since midnight of a wall-clock time written `HH:MM` (00:00–23:59). Pure. */
export function parseClockTime(text: string): number | undefined {
  return /^\d\d:\d\d$/.test(text) ? parseClockMinutes(text, { allowEndOfDay: false }) : undefined;
}

/**
 * A turn's `at:` as the domain reads it: `+<duration>` after the previous arrival, `HH:MM` on
 * the wall clock, or an ISO-8601 instant with an offset; `undefined` for anything else. Bounds
 * are the schema's concern. Pure.
 */
export function parseTurnArrival(text: string): TurnArrival | undefined {
  if (text.startsWith("+")) {
    const ms = parseScenarioDurationMs(text.slice(1));
    return ms === undefined ? undefined : { kind: "after", ms };
  }
  const minuteOfDay = parseClockTime(text);
  if (minuteOfDay !== undefined) return { kind: "clock", minuteOfDay };
  return isIsoDateTime(text) ? { kind: "instant", ms: Date.parse(text) } : undefined;
}
