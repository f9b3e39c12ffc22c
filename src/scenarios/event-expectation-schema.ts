import { z } from "zod";
import { AGENT_EVENT_TYPES } from "../domain/index.js";
import { describeValue } from "./describe-value.js";
import { suggestName } from "./suggest-name.js";

// The `event` expectation as written: `{ type, times?, ...fields }`. Every key other than `type`
// and `times` is a field the turn's events of that type must contain, so the mapping is open.

const EVENT_TYPE_LABEL = "an event type, e.g. queue, heartbeat or run_timeout";
const TIMES_LABEL = "a non-negative integer";

/** An `AgentEvent` type; a near miss (`run-timeout`, `heartbeats`) gets a suggestion. */
const eventTypeSchema = z
  .string({ error: EVENT_TYPE_LABEL })
  .superRefine((value, context) => {
    if ((AGENT_EVENT_TYPES as readonly string[]).includes(value)) return;
    const suggestion =
      suggestName(value, AGENT_EVENT_TYPES) ?? suggestName(value.replaceAll("-", "_"), AGENT_EVENT_TYPES);
    context.addIssue({
      code: "custom",
      message: EVENT_TYPE_LABEL,
      params: { found: describeValue(value), ...(suggestion === undefined ? {} : { suggestion }) },
    });
  })
  .meta({ enum: [...AGENT_EVENT_TYPES] })
  .pipe(z.enum(AGENT_EVENT_TYPES));

/** The keys of `event:` that are not event fields, for did-you-mean suggestions. */
export const EVENT_EXPECTATION_KEYS = ["type", "times"] as const;

export const eventSchema = z
  .looseObject(
    {
      type: eventTypeSchema.describe("The event type (agent_start, queue, heartbeat, run_timeout, ...)."),
      times: z
        .number({ error: TIMES_LABEL })
        .int({ error: TIMES_LABEL })
        .nonnegative({ error: TIMES_LABEL })
        .optional()
        .describe("Exactly this many matching events (0: none); default at least one."),
    },
    { error: "a mapping with type, times and the event fields to match" },
  )
  .superRefine(
    (value, context) => {
      // `tmes: 0` would silently become a field no event has: report a near miss of type or times.
      const misspelt = Object.keys(value).filter(
        (key) => !isExpectationKey(key) && suggestName(key, EVENT_EXPECTATION_KEYS) !== undefined,
      );
      if (misspelt.length > 0) context.addIssue({ code: "unrecognized_keys", keys: misspelt, input: value });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
  );

function isExpectationKey(key: string): boolean {
  return (EVENT_EXPECTATION_KEYS as readonly string[]).includes(key);
}
