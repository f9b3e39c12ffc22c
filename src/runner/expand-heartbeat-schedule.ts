import { toZonedClock } from "../agent/to-zoned-clock.js";
import type { HeartbeatSchedule, Turn } from "../domain/index.js";
import { OWNER_ORIGIN } from "../domain/index.js";
import { MAX_SCHEDULED_HEARTBEATS } from "../scenarios/scenario-limits.js";

export interface ExpandHeartbeatScheduleOptions {
  schedule: HeartbeatSchedule;
  /** The unit's start (the scenario clock), ms since the epoch. */
  startMs: number;
  /** The interval when the schedule names none: the agent's `heartbeat.every` (0 = no heartbeats). */
  defaultEveryMs: number;
  /** The user's time zone, for `overrides[].at`. */
  timezone: string;
  /** Index of the first scheduled heartbeat (after the written turns). */
  firstIndex: number;
}

/**
 * The heartbeat turns of a schedule (spec/loop.md §5.2): the first due one interval after the
 * start, then one each interval while within `for`. Each plays the schedule's script and
 * expectations, or those of the override whose `at` equals its wall-clock time in the user's
 * zone. Throws when the schedule would produce more than {@link MAX_SCHEDULED_HEARTBEATS}.
 */
export function expandHeartbeatSchedule(options: ExpandHeartbeatScheduleOptions): Turn[] {
  const { schedule } = options;
  const every = schedule.everyMs ?? options.defaultEveryMs;
  if (!(every > 0)) return [];
  const count = Math.floor(schedule.forMs / every);
  if (count > MAX_SCHEDULED_HEARTBEATS) {
    throw new Error(
      `${schedule.location.file}:${schedule.location.line}: heartbeats: ${count} heartbeats (every ${every} ms for ` +
        `${schedule.forMs} ms) is over the limit of ${MAX_SCHEDULED_HEARTBEATS}; use a longer every or a shorter for`,
    );
  }
  const turns: Turn[] = [];
  for (let number = 1; number <= count; number++) {
    const dueMs = options.startMs + number * every;
    const minute = toZonedClock(dueMs, options.timezone).minutesOfDay;
    const override = schedule.overrides.find((candidate) => candidate.minuteOfDay === minute);
    turns.push({
      index: options.firstIndex + number - 1,
      kind: "heartbeat",
      arrival: { kind: "instant", ms: dueMs },
      origin: OWNER_ORIGIN,
      text: "",
      script: override?.script ?? schedule.script,
      approvals: [],
      expect: override?.expect ?? schedule.expect,
      location: override?.location ?? schedule.location,
    });
  }
  return turns;
}
