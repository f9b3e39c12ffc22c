import { z } from "zod";
import { expectationSchema } from "./expectation-schema.js";
import { parseScenarioDurationMs } from "./parse-turn-arrival.js";
import { MAX_SCENARIO_DURATION_MS, MAX_SCHEDULED_HEARTBEATS } from "./scenario-limits.js";
import { scriptStepSchema } from "./script-step-schema.js";
import { clockTimeText, durationText } from "./time-schema.js";

/** A scenario's `heartbeats:` schedule as written: heartbeats on the simulated clock beside the turns. */

const script = () =>
  z
    .array(scriptStepSchema, { error: "a list of script steps" })
    .optional()
    .describe("What the scripted model plays in each heartbeat run.");
const expect = () =>
  z
    .array(expectationSchema, { error: "a list of expectations" })
    .optional()
    .describe("Checks on each heartbeat run, one expectation type per item.");

const isMapping = (payload: { value: unknown }) =>
  typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value);

export const heartbeatOverrideSchema = z
  .strictObject(
    {
      at: clockTimeText().describe("Wall-clock time (HH:MM, the scenario's time zone) of the heartbeats it changes."),
      script: script(),
      expect: expect(),
    },
    { error: "a mapping with at, script and expect" },
  )
  .superRefine(
    (override, context) => {
      if (override.script !== undefined || override.expect !== undefined) return;
      context.addIssue({ code: "custom", message: "script or expect (what changes at that time)", path: ["script"] });
    },
    { when: isMapping },
  );

export const heartbeatScheduleSchema = z
  .strictObject(
    {
      every: durationText({ positive: true, example: "30m" })
        .optional()
        .describe("Interval between heartbeats (default the agent's heartbeat.every from the config)."),
      for: durationText({ positive: true, example: "1d" }).describe(
        "How long heartbeats run, from the scenario clock (the first one is due one interval in).",
      ),
      script: script(),
      expect: expect(),
      overrides: z
        .array(heartbeatOverrideSchema, { error: "a list of overrides" })
        .optional()
        .describe("Heartbeats at a given wall-clock time get this script and these expectations instead."),
    },
    { error: "a mapping with every, for, script, expect and overrides" },
  )
  .superRefine(
    (schedule, context) => {
      const everyMs = typeof schedule.every === "string" ? parseScenarioDurationMs(schedule.every) : undefined;
      const forMs = typeof schedule.for === "string" ? parseScenarioDurationMs(schedule.for) : undefined;
      const valid = (ms: number | undefined) => ms !== undefined && ms > 0 && ms <= MAX_SCENARIO_DURATION_MS;
      // An invalid duration has its own diagnostic.
      if (!valid(everyMs) || !valid(forMs) || everyMs === undefined || forMs === undefined) return;
      if (everyMs > forMs) {
        context.addIssue({
          code: "custom",
          path: ["every"],
          message: `an interval no longer than for (${schedule.for})`,
        });
      } else if (Math.floor(forMs / everyMs) > MAX_SCHEDULED_HEARTBEATS) {
        context.addIssue({
          code: "custom",
          path: ["every"],
          message: `an interval that gives at most ${MAX_SCHEDULED_HEARTBEATS} heartbeats in ${schedule.for}`,
          params: { found: `string ${JSON.stringify(schedule.every)} (${Math.floor(forMs / everyMs)} heartbeats)` },
        });
      }
    },
    { when: isMapping },
  );

/** Keys of the schedule and of one override, for did-you-mean suggestions. */
export const HEARTBEAT_SCHEDULE_KEYS = ["every", "for", "script", "expect", "overrides"] as const;
export const HEARTBEAT_OVERRIDE_KEYS = ["at", "script", "expect"] as const;
