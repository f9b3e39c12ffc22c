import { isValidTimeZone } from "../config/is-valid-time-zone.js";
import type { HeartbeatConfig } from "../config/resolve-agent-config.js";
import { isWithinActiveHours } from "./is-within-active-hours.js";
import { toZonedClock } from "./to-zoned-clock.js";

/** Why a heartbeat made no model call (spec/loop.md §5.3, the checks this runtime models). */
export type HeartbeatSkipReason =
  | "disabled"
  | "quiet-hours"
  | "requests-in-flight"
  | "empty-heartbeat-file"
  | "alerts-disabled";

export interface HeartbeatScheduleContext {
  /** The agent's resolved heartbeat settings (`every` in ms, 0 = disabled). */
  heartbeat: HeartbeatConfig;
  /** ms since the epoch (from `runtime.now()`). */
  now: number;
  /** The user's IANA zone (resolved, valid). */
  userTimezone: string;
  /** The host's zone (`runtime.timezone`), used for `activeHours.timezone: "local"`. */
  hostTimezone: string;
}

/**
 * Skip checks 1–2 of spec/loop.md §5.3, from data alone: `disabled` when `heartbeat.every` is
 * `0` or was invalid; `quiet-hours` when now (minutes of day in the window's zone) is outside
 * `heartbeat.activeHours`. Window zone: unset / `"user"` / invalid ⇒ the user's, `"local"` ⇒ host.
 */
export function checkHeartbeatSchedule(context: HeartbeatScheduleContext): HeartbeatSkipReason | undefined {
  if (context.heartbeat.every <= 0) return "disabled";
  const { start, end, timezone } = context.heartbeat.activeHours;
  const zone = resolveWindowZone(timezone, context);
  const active = isWithinActiveHours({ start, end, nowMinutes: toZonedClock(context.now, zone).minutesOfDay });
  return active ? undefined : "quiet-hours";
}

function resolveWindowZone(value: string | undefined, context: HeartbeatScheduleContext): string {
  if (value === undefined || value === "user") return context.userTimezone;
  if (value === "local") return isValidTimeZone(context.hostTimezone) ? context.hostTimezone : "UTC";
  return isValidTimeZone(value) ? value : context.userTimezone;
}
