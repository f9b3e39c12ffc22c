import type { HeartbeatSchedule, HeartbeatScheduleFile, SourceLocation } from "../domain/index.js";
import type { FieldPath } from "./locate-yaml-node.js";
import { normaliseExpectation } from "./normalise-expectation.js";
import { normaliseStep } from "./normalise-step.js";
import { parseClockTime, parseScenarioDurationMs } from "./parse-turn-arrival.js";

export interface NormaliseHeartbeatScheduleOptions {
  /** Folder of the scenario file; expectation paths resolve against it. */
  folder: string;
  /** Location of a field path in the scenario file. */
  at: (path: FieldPath) => SourceLocation;
}

/**
 * A scenario's `heartbeats:` in its domain shape: durations in milliseconds (`everyMs` only when
 * written), script steps and expectations normalised, each override's `at` as minutes since
 * midnight and its missing `script` or `expect` taken from the schedule. Pure; the schedule is
 * valid.
 */
export function normaliseHeartbeatSchedule(
  schedule: HeartbeatScheduleFile,
  options: NormaliseHeartbeatScheduleOptions,
): HeartbeatSchedule {
  const { folder, at } = options;
  const everyMs = schedule.every === undefined ? undefined : parseScenarioDurationMs(schedule.every);
  const script = (schedule.script ?? []).map(normaliseStep);
  const expect = (schedule.expect ?? []).map((entry, position) =>
    normaliseExpectation(entry, { folder, location: at(["heartbeats", "expect", position]) }),
  );
  return {
    ...(everyMs === undefined ? {} : { everyMs }),
    forMs: parseScenarioDurationMs(schedule.for) ?? 0,
    script,
    expect,
    overrides: (schedule.overrides ?? []).map((override, index) => ({
      minuteOfDay: parseClockTime(override.at) ?? 0,
      script: override.script === undefined ? script : override.script.map(normaliseStep),
      expect:
        override.expect === undefined
          ? expect
          : override.expect.map((entry, position) =>
              normaliseExpectation(entry, {
                folder,
                location: at(["heartbeats", "overrides", index, "expect", position]),
              }),
            ),
      location: at(["heartbeats", "overrides", index]),
    })),
    location: at(["heartbeats"]),
  };
}
