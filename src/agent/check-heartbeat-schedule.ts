import { readConfigValue } from "../prompt/read-config-value.js";
import { isValidTimeZone } from "../prompt/resolve-user-timezone.js";
import { isWithinActiveHours } from "./is-within-active-hours.js";
import { parseHeartbeatInterval } from "./parse-heartbeat-interval.js";
import { toZonedClock } from "./to-zoned-clock.js";

/** Why a heartbeat made no model call (spec/loop.md §5.3, the checks this runtime models). */
export type HeartbeatSkipReason = "disabled" | "quiet-hours" | "empty-heartbeat-file" | "alerts-disabled";

export interface HeartbeatScheduleContext {
  config: Readonly<Record<string, unknown>>;
  /** ms since the epoch (from `runtime.now()`). */
  now: number;
  /** The user's IANA zone (resolved, valid). */
  userTimezone: string;
  /** The host's zone (`runtime.timezone`), used for `activeHours.timezone: "local"`. */
  hostTimezone: string;
}

/**
 * Skip checks 1–2 of spec/loop.md §5.3, from data alone: `disabled` when `heartbeat.every` is
 * `0` or invalid; `quiet-hours` when now (minutes of day in the window's zone) is outside
 * `heartbeat.activeHours`. Window zone: unset / `"user"` / invalid ⇒ the user's, `"local"` ⇒ host.
 */
export function checkHeartbeatSchedule(context: HeartbeatScheduleContext): HeartbeatSkipReason | undefined {
  if (parseHeartbeatInterval(readConfigValue(context.config, "agents.defaults.heartbeat.every")) === undefined) {
    return "disabled";
  }
  const window = readConfigValue(context.config, "agents.defaults.heartbeat.activeHours");
  if (window === null || typeof window !== "object" || Array.isArray(window)) return undefined;
  const { start, end, timezone } = window as Record<string, unknown>;
  const zone = resolveWindowZone(timezone, context);
  const active = isWithinActiveHours({
    start: typeof start === "string" ? start : undefined,
    end: typeof end === "string" ? end : undefined,
    nowMinutes: toZonedClock(context.now, zone).minutesOfDay,
  });
  return active ? undefined : "quiet-hours";
}

function resolveWindowZone(value: unknown, context: HeartbeatScheduleContext): string {
  if (typeof value !== "string" || value.trim() === "" || value.trim() === "user") return context.userTimezone;
  if (value.trim() === "local") return isValidTimeZone(context.hostTimezone) ? context.hostTimezone : "UTC";
  return isValidTimeZone(value.trim()) ? value.trim() : context.userTimezone;
}
