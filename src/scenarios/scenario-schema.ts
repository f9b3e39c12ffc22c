import { z } from "zod";
import { isValidTimeZone } from "../config/is-valid-time-zone.js";
import { FAULT_KINDS } from "../domain/index.js";
import { isIsoDateTime } from "./check-scenario-values.js";

/**
 * The scenario file as written (DESIGN.md "Scenario file"). Every `error` string is the
 * "expected ..." phrase of the diagnostic that a failing value produces.
 */

import { checkScenarioRelations } from "./check-scenario-relations.js";
import { CONTEXT_EXPECTATION_KEYS } from "./context-expectation-schema.js";
import { EVENT_EXPECTATION_KEYS } from "./event-expectation-schema.js";
import { EXPECTATION_TYPES, expectationSchema } from "./expectation-schema.js";
import {
  HEARTBEAT_OVERRIDE_KEYS,
  HEARTBEAT_SCHEDULE_KEYS,
  heartbeatScheduleSchema,
} from "./heartbeat-schedule-schema.js";
import { MEMORY_EXPECTATION_KEYS } from "./memory-expectation-schema.js";
import { ORIGIN_KEYS, originSchema } from "./origin-schema.js";
import { MAX_CASES, MAX_REPEAT } from "./scenario-limits.js";
import {
  mapping,
  modelId,
  names,
  nonEmptyText,
  pathText,
  plainFileName,
  positiveInt,
  scenarioEnv,
  text,
} from "./schema-primitives.js";
import {
  SCRIPT_STEP_KEYS,
  SUMMARY_STEP_KEYS,
  scriptStepSchema,
  summariesSchema,
  toolCallSchema,
} from "./script-step-schema.js";
import { arrivalText } from "./time-schema.js";

export const SCENARIO_KEYS = [
  "name",
  "description",
  "tags",
  "workspace",
  "config",
  "env",
  "clock",
  "timezone",
  "models",
  "repeat",
  "hooks",
  "faults",
  "home",
  "bins",
  "golden",
  "timeout",
  "maxSteps",
  "cases",
  "summaries",
  "contextWindow",
  "session",
  "from",
  "stream",
  "heartbeats",
  "turns",
] as const;

export const TURN_KEYS = [
  "at",
  "during",
  "from",
  "user",
  "heartbeat",
  "system",
  "script",
  "summaries",
  "approvals",
  "expect",
] as const;

/** The keys that name a turn's kind; a turn has exactly one. */
export const TURN_KIND_KEYS = ["user", "heartbeat", "system"] as const;

export { EXPECTATION_TYPES, SKILL_ABSENCE_REASONS } from "./expectation-schema.js";
export { FAULT_KINDS };

const faultKindLabel = `one of ${FAULT_KINDS.join(", ")}`;
const faultKind = z.union(
  [
    z.enum(FAULT_KINDS, { error: faultKindLabel }),
    z.literal(429, { error: faultKindLabel }).transform(() => "429" as const),
  ],
  { error: faultKindLabel },
);

const faultsSchema = z.strictObject(
  {
    rate: z.number({ error: "a number from 0 to 1" }).min(0, { error: "a number from 0 to 1" }).max(1, {
      error: "a number from 0 to 1",
    }),
    kinds: z.array(faultKind, { error: "a list of fault kinds" }).min(1, { error: "a non-empty list of fault kinds" }),
    seed: z.number({ error: "an integer" }).int({ error: "an integer" }).optional(),
  },
  { error: "a mapping with rate, kinds and seed" },
);

const MAX_CONTEXT_WINDOW = 10_000_000;
const contextWindowLabel = "a positive integer number of tokens, at most 10000000";

export const approvalSchema = z.strictObject(
  { match: nonEmptyText("a command glob"), decision: z.enum(["allow", "deny"], { error: "allow or deny" }) },
  { error: "a mapping with match and decision" },
);

const wakeReasonLabel = "one of interval, manual, exec-event, wake or cron:<jobId>";
const wakeReasonSchema = z.union(
  [
    z.enum(["interval", "manual", "exec-event", "wake"], { error: wakeReasonLabel }),
    z.templateLiteral(["cron:", z.string().min(1)], { error: wakeReasonLabel }),
  ],
  { error: wakeReasonLabel },
);

const heartbeatSchema = z.union(
  [
    z.boolean({ error: "true" }),
    z.strictObject({ reason: wakeReasonSchema.describe("Why the heartbeat runs (default interval).") }),
  ],
  { error: "true or a mapping with reason" },
);

const systemSchema = z.union(
  [
    text(),
    z.strictObject({
      text: text(),
      reason: wakeReasonSchema.describe("Why the session wakes for the event (default wake).").optional(),
    }),
  ],
  { error: "the event text or a mapping with text and reason" },
);

export const turnSchema = z
  .strictObject(
    {
      at: arrivalText()
        .optional()
        .describe(
          'When the message arrives on the simulated clock: "+5m" after the previous turn\'s message arrived, "09:30" (the next such wall-clock time) or an ISO-8601 date-time (default: once the previous turn has settled).',
        ),
      during: z
        .literal("previous", { error: "previous" })
        .optional()
        .describe("previous: the message arrives right after the previous turn's, while its run is busy."),
      from: originSchema
        .optional()
        .describe("Where the message comes from (user turns); overrides the scenario's from key by key."),
      user: text().optional().describe("A user message."),
      heartbeat: heartbeatSchema
        .optional()
        .describe(
          "A heartbeat poll: true, or { reason } (interval, manual, exec-event, wake or cron:<jobId>; manual, exec-event and cron bypass the empty HEARTBEAT.md check).",
        ),
      system: systemSchema
        .optional()
        .describe(
          "A system event queued on the main session and a wake now: text, or { text, reason } (wake default; cron:<jobId> for a cron reminder, exec-event for a finished command).",
        ),
      script: z
        .array(scriptStepSchema, { error: "a list of script steps" })
        .optional()
        .describe("What the scripted model plays, in order across the turn's model calls."),
      summaries: summariesSchema
        .optional()
        .describe("What the scripted model answers to this turn's compaction summary calls, in order."),
      approvals: z
        .array(approvalSchema, { error: "a list of approvals" })
        .optional()
        .describe("Exec approval decisions by command glob."),
      expect: z
        .array(expectationSchema, { error: "a list of expectations" })
        .optional()
        .describe("Checks on the turn, one expectation type per item."),
    },
    { error: "a turn mapping with user, heartbeat or system" },
  )
  .superRefine(
    (turn, context) => {
      const kinds = TURN_KIND_KEYS.filter((key) => turn[key] !== undefined);
      if (turn.heartbeat === false) context.addIssue({ code: "custom", path: ["heartbeat"], message: "true" });
      if (kinds.length === 1) return;
      const found = kinds.length === 0 ? "none of them" : kinds.join(" and ");
      context.addIssue({ code: "custom", message: "exactly one of user, heartbeat or system", params: { found } });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
  );

const dateTimeLabel = "an ISO-8601 date-time with an offset, e.g. 2026-03-11T14:30:00+08:00";
const timeZoneLabel = "an IANA time zone, e.g. Asia/Shanghai";
const repeatLabel = `a positive integer of at most ${MAX_REPEAT}`;

export const scenarioFileSchema = z
  .strictObject(
    {
      name: nonEmptyText("a non-empty string").describe("What the scenario checks; shown in reports."),
      description: text().optional(),
      tags: names("a list of tags").optional(),
      workspace: pathText("a folder path").optional().describe("Workspace folder copied to a temp dir per run."),
      config: mapping().optional().describe("openclaw.json-shaped overrides."),
      env: scenarioEnv().optional(),
      clock: text(dateTimeLabel)
        .refine(isIsoDateTime, { error: dateTimeLabel })
        .optional()
        .describe("Scenario clock, an ISO-8601 date-time with offset (default 2026-03-11T09:00:00Z)."),
      timezone: text(timeZoneLabel)
        .refine(isValidTimeZone, { error: timeZoneLabel })
        .optional()
        .describe("IANA time zone of the user (default UTC)."),
      models: z
        .array(modelId(), { error: "a list of model ids" })
        .min(1, { error: "a non-empty list of model ids" })
        .optional()
        .describe("Model ids (default [scripted]); --model overrides."),
      repeat: positiveInt(repeatLabel)
        .max(MAX_REPEAT, { error: repeatLabel })
        .optional()
        .describe(`Runs per model (default 1, at most ${MAX_REPEAT}).`),
      hooks: z.array(pathText("a module path"), { error: "a list of module paths" }).optional(),
      faults: faultsSchema.optional(),
      home: pathText("a folder path").optional().describe("Folder copied as HOME (default: an empty temp dir)."),
      bins: z
        .array(plainFileName(), { error: "a list of executable names" })
        .optional()
        .describe("Stub executables put on PATH, each a plain file name."),
      golden: z
        .strictObject(
          {
            systemPrompt: pathText("a file path")
              .optional()
              .describe("Golden .md file of the first turn's system prompt, relative to the scenario file."),
          },
          { error: "a mapping with systemPrompt" },
        )
        .optional(),
      timeout: z
        .number({ error: "a positive number of seconds" })
        .positive({ error: "a positive number of seconds" })
        .optional()
        .describe("Seconds for the whole scenario run."),
      maxSteps: positiveInt("a positive integer").optional().describe("Maximum model calls per turn (default 25)."),
      cases: z
        .union(
          [
            pathText("a path to a .jsonl or .csv file"),
            z
              .array(mapping(), { error: "a list of mappings" })
              .min(1, { error: "a non-empty list of cases" })
              .max(MAX_CASES, { error: `a list of at most ${MAX_CASES} cases` }),
          ],
          { error: "a path to a .jsonl or .csv file, or a list of mappings" },
        )
        .optional()
        .describe("Data-driven cases filling {{field}} placeholders: a .jsonl/.csv path or an inline list."),
      summaries: summariesSchema
        .optional()
        .describe(
          "What the scripted model answers to compaction summary calls of turns without their own summaries, in order across the run.",
        ),
      contextWindow: positiveInt(contextWindowLabel)
        .max(MAX_CONTEXT_WINDOW, { error: contextWindowLabel })
        .optional()
        .describe("Context window of every model of the scenario, tokens; overrides config and the known-model table."),
      session: pathText("a path to a JSONL session transcript")
        .optional()
        .describe("JSONL transcript the main session starts from, relative to the scenario file (at most 16 MiB)."),
      from: originSchema
        .optional()
        .describe("Where user messages come from (default: the owner in a direct chat); a turn's from overrides it."),
      stream: z
        .boolean({ error: "true or false" })
        .optional()
        .describe("Stream model replies (message_update events behind the streaming prefix guard)."),
      heartbeats: heartbeatScheduleSchema
        .optional()
        .describe("Heartbeats on the simulated clock beside the turns: { every?, for, script?, expect?, overrides? }."),
      turns: z
        .array(turnSchema, { error: "a list of turns" })
        .min(1, { error: "a non-empty list of turns" })
        .describe("Each turn has exactly one of user, heartbeat or system."),
    },
    { error: "a mapping with at least name and turns" },
  )
  .superRefine(
    (file, context) => {
      for (const issue of checkScenarioRelations({ data: file })) {
        const found = issue.found === undefined ? {} : { params: { found: issue.found } };
        context.addIssue({ code: "custom", path: [...issue.path], message: issue.expected, ...found });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
  );

type PlaceKeys = Readonly<Record<string, { label: string; keys: readonly string[] }>>;

/** Places inside one script step or expectation, relative to it: the same under turns and heartbeats. */
const STEP_AND_EXPECTATION_PLACES: PlaceKeys = {
  "script[]": { label: "a script step key", keys: SCRIPT_STEP_KEYS },
  "script[].tools[]": { label: "a tool call key", keys: Object.keys(toolCallSchema.shape) },
  "script[].error": { label: "a script error key", keys: ["status", "message", "retryAfter"] },
  "expect[]": { label: "an expectation type", keys: EXPECTATION_TYPES },
  "expect[].tool-called": { label: "a tool-called key", keys: ["name", "input", "times"] },
  "expect[].tool-not-called": { label: "a tool-not-called key", keys: ["name", "input"] },
  "expect[].cost-max": { label: "a cost-max key", keys: ["usd", "per"] },
  "expect[].hook-called": { label: "a hook-called key", keys: ["name", "times", "plugin"] },
  "expect[].tool-blocked": { label: "a tool-blocked key", keys: ["name", "reason"] },
  "expect[].event": { label: "an event key", keys: EVENT_EXPECTATION_KEYS },
  "expect[].custom": { label: "a custom key", keys: ["module", "export", "options"] },
  "expect[].compaction": { label: "a compaction key", keys: CONTEXT_EXPECTATION_KEYS.compaction },
  "expect[].compaction.reduction": { label: "a reduction key", keys: CONTEXT_EXPECTATION_KEYS["compaction.reduction"] },
  "expect[].pruned": { label: "a pruned key", keys: CONTEXT_EXPECTATION_KEYS.pruned },
  "expect[].memory-top-hit": { label: "a memory-top-hit key", keys: MEMORY_EXPECTATION_KEYS["memory-top-hit"] },
  "expect[].memory-cited": { label: "a memory-cited key", keys: MEMORY_EXPECTATION_KEYS["memory-cited"] },
  "expect[].memory-written": { label: "a memory-written key", keys: MEMORY_EXPECTATION_KEYS["memory-written"] },
  "expect[].memory-recalled": { label: "a memory-recalled key", keys: MEMORY_EXPECTATION_KEYS["memory-recalled"] },
};

/** {@link STEP_AND_EXPECTATION_PLACES} under each place that holds a script and expectations. */
function stepAndExpectationPlaces(...owners: string[]): PlaceKeys {
  return Object.fromEntries(
    owners.flatMap((owner) =>
      Object.entries(STEP_AND_EXPECTATION_PLACES).map(([place, keys]) => [`${owner}.${place}`, keys]),
    ),
  );
}

/** Allowed keys per place in the file, for suggestions. Keys are field paths with `[]` for any index. */
export const KEYS_BY_PLACE: PlaceKeys = {
  ...stepAndExpectationPlaces("turns[]", "heartbeats", "heartbeats.overrides[]"),
  "": { label: "a scenario key", keys: SCENARIO_KEYS },
  from: { label: "a from key", keys: ORIGIN_KEYS },
  "turns[].from": { label: "a from key", keys: ORIGIN_KEYS },
  heartbeats: { label: "a heartbeats key", keys: HEARTBEAT_SCHEDULE_KEYS },
  "heartbeats.overrides[]": { label: "a heartbeat override key", keys: HEARTBEAT_OVERRIDE_KEYS },
  faults: { label: "a faults key", keys: Object.keys(faultsSchema.shape) },
  golden: { label: "a golden key", keys: ["systemPrompt"] },
  "turns[]": { label: "a turn key", keys: TURN_KEYS },
  "turns[].heartbeat": { label: "a heartbeat key", keys: ["reason"] },
  "turns[].system": { label: "a system event key", keys: ["text", "reason"] },
  "turns[].summaries[]": { label: "a summary step key", keys: SUMMARY_STEP_KEYS },
  "turns[].summaries[].error": { label: "a summary error key", keys: ["status", "message"] },
  "summaries[]": { label: "a summary step key", keys: SUMMARY_STEP_KEYS },
  "summaries[].error": { label: "a summary error key", keys: ["status", "message"] },
  "turns[].approvals[]": { label: "an approval key", keys: Object.keys(approvalSchema.shape) },
};
