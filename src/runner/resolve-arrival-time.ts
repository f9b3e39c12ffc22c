import { toZonedClock } from "../agent/to-zoned-clock.js";
import type { TurnArrival } from "../domain/index.js";

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * When a turn with a timed arrival gets its message, ms since the epoch: `after` counts from the
 * previous turn's arrival, `clock` is the first whole minute at or after it whose wall clock in
 * `timezone` is the given minute of the day, `instant` is the instant itself but never before
 * the previous arrival. `settled` has no time of its own (the caller waits for the previous
 * turn) and resolves `previousMs`. Pure.
 */
export function resolveArrivalTime(arrival: TurnArrival, previousMs: number, timezone: string): number {
  switch (arrival.kind) {
    case "settled":
      return previousMs;
    case "after":
      return previousMs + Math.max(0, arrival.ms);
    case "instant":
      return Math.max(previousMs, arrival.ms);
    case "clock": {
      const startOfMinute = Math.ceil(previousMs / MINUTE_MS) * MINUTE_MS;
      const now = toZonedClock(startOfMinute, timezone).minutesOfDay;
      const ahead = (arrival.minuteOfDay - now + DAY_MINUTES) % DAY_MINUTES;
      return startOfMinute + ahead * MINUTE_MS;
    }
  }
}
