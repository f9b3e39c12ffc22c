import { z } from "zod";
import { describeValue } from "./describe-value.js";
import { parseClockTime, parseScenarioDurationMs, parseTurnArrival } from "./parse-turn-arrival.js";
import { MAX_SCENARIO_DURATION_MS } from "./scenario-limits.js";

// Simulated-time fields of the scenario file: durations, arrival times, wall-clock times. Each
// label is the "expected ..." phrase of a failing value's diagnostic.

/** Patterns for the generated JSON Schema (editors); the loader checks bounds and calendar validity too. */
const DURATION_PATTERN = "\\s*\\d+(\\.\\d+)?\\s*([mM][sS]|[sSmMhHdD])\\s*";
const CLOCK_TIME_PATTERN = "([01]\\d|2[0-3]):[0-5]\\d";
const INSTANT_PATTERN = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})";

const MAX_DAYS = `${MAX_SCENARIO_DURATION_MS / 86_400_000}d`;
const UNITS = "with a unit (ms, s, m, h or d)";

/** The "expected" phrase of a duration field; `positive` durations may not be zero. */
export function durationLabel(options: { positive: boolean; example: string }): string {
  const kind = options.positive ? "a positive duration" : "a duration";
  return `${kind} ${UNITS} of at most ${MAX_DAYS}, e.g. ${options.example}`;
}

/** A duration written as text, e.g. `30s` (checked, kept as written; `parseScenarioDurationMs` reads it). */
export const durationText = (options: { positive: boolean; example: string }) => {
  const label = durationLabel(options);
  return z
    .string({ error: label })
    .superRefine((value, context) => {
      const ms = parseScenarioDurationMs(value);
      const fits = ms !== undefined && ms <= MAX_SCENARIO_DURATION_MS && (!options.positive || ms > 0);
      if (fits) return;
      const suggestion = /^\s*\d+(\.\d+)?\s*$/.test(value) ? { suggestion: `${value.trim()}s` } : {};
      context.addIssue({ code: "custom", message: label, params: { found: describeValue(value), ...suggestion } });
    })
    .meta({ pattern: `^${DURATION_PATTERN}$` });
};

export const ARRIVAL_LABEL = `+<duration> after the previous arrival (e.g. +5m, at most +${MAX_DAYS}), a time HH:MM, or an ISO-8601 date-time with an offset`;

/** A turn's `at:` (`parseTurnArrival`); a missing `+` or a one-digit hour gets a suggestion. */
export const arrivalText = () =>
  z
    .string({ error: ARRIVAL_LABEL })
    .superRefine((value, context) => {
      const arrival = parseTurnArrival(value);
      if (arrival !== undefined && (arrival.kind !== "after" || arrival.ms <= MAX_SCENARIO_DURATION_MS)) return;
      context.addIssue({
        code: "custom",
        message: ARRIVAL_LABEL,
        params: { found: describeValue(value), ...arrivalSuggestion(value) },
      });
    })
    .meta({ pattern: `^(\\+${DURATION_PATTERN}|${CLOCK_TIME_PATTERN}|${INSTANT_PATTERN})$` });

function arrivalSuggestion(value: string): { suggestion?: string } {
  if (parseScenarioDurationMs(value) !== undefined) return { suggestion: `+${value.trim()}` };
  const shortHour = /^\s*(\d):(\d\d)\s*$/.exec(value);
  if (shortHour !== null && parseClockTime(`0${shortHour[1]}:${shortHour[2]}`) !== undefined) {
    return { suggestion: `0${shortHour[1]}:${shortHour[2]}` };
  }
  return {};
}

export const CLOCK_TIME_LABEL = "a time HH:MM from 00:00 to 23:59, e.g. 09:30";

/** A wall-clock time `HH:MM` (`parseClockTime`). */
export const clockTimeText = () =>
  z
    .string({ error: CLOCK_TIME_LABEL })
    .refine((value) => parseClockTime(value) !== undefined, { error: CLOCK_TIME_LABEL })
    .meta({ pattern: `^${CLOCK_TIME_PATTERN}$` });
