import { z } from "zod";
import { HOOK_NAMES, type HookName } from "../domain/index.js";
import { compactionSchema, promptTokensMaxSchema, prunedSchema } from "./context-expectation-schema.js";
import { eventSchema } from "./event-expectation-schema.js";
import {
  memoryCitedSchema,
  memoryRecalledSchema,
  memoryTopHitSchema,
  memoryWrittenSchema,
} from "./memory-expectation-schema.js";
import { mapping, names, nonEmptyText, pathText, stringOrList, text } from "./schema-primitives.js";

/** The expectations of a scenario turn as written (DESIGN.md "Expectation types"). */

/** Expectation keys, in the order of the schema's union members. */
export const EXPECTATION_TYPES = [
  "reply-equals",
  "reply-contains",
  "reply-matches",
  "tool-called",
  "tool-not-called",
  "tool-sequence",
  "prompt-contains",
  "prompt-golden",
  "skills-included",
  "skills-excluded",
  "skills-truncated",
  "heartbeat-ack",
  "delivered",
  "reply-silent",
  "stream-clean",
  "subagent-spawned",
  "hook-called",
  "tool-blocked",
  "event",
  "custom",
  "compaction",
  "pruned",
  "prompt-tokens-max",
  "cost-max",
  "memory-top-hit",
  "memory-cited",
  "memory-written",
  "memory-recalled",
] as const;

/** Reason codes a `skills-excluded` expectation may name (spec/skills.md §14). */
export const SKILL_ABSENCE_REASONS = [
  "disabled",
  "not-in-allowBundled",
  "os-mismatch",
  "missing-bins",
  "missing-any-bins",
  "missing-env",
  "missing-config",
  "not-in-skill-filter",
  "disable-model-invocation",
  "count-limit",
  "char-budget",
] as const;

export const toolCalledSchema = z.union(
  [
    nonEmptyText("a tool name"),
    z.strictObject({
      name: nonEmptyText("a tool name"),
      input: mapping().optional(),
      times: z
        .number({ error: "a non-negative integer" })
        .int({ error: "a non-negative integer" })
        .nonnegative({
          error: "a non-negative integer",
        })
        .optional(),
    }),
  ],
  { error: "a tool name or a mapping with name, input and times" },
);

export const toolNotCalledSchema = z.union(
  [
    nonEmptyText("a tool name"),
    z.strictObject({
      name: nonEmptyText("a tool name"),
      input: mapping().optional().describe("Only calls whose input contains this (as in tool-called) count."),
    }),
  ],
  { error: "a tool name or a mapping with name and input" },
);

const costLabel = "a non-negative number of US dollars";

const costMaxSchema = z.union(
  [
    z.number({ error: costLabel }).nonnegative({ error: costLabel }),
    z.strictObject({
      usd: z.number({ error: costLabel }).nonnegative({ error: costLabel }),
      per: z
        .enum(["turn", "unit"], { error: "turn or unit" })
        .optional()
        .describe("turn (default): this turn's cost; unit: the unit's turns so far, this one included."),
    }),
  ],
  { error: "a number of US dollars or a mapping with usd and per" },
);

const hookNameSchema = z.enum(HOOK_NAMES as [HookName, ...HookName[]], {
  error: "a hook name, e.g. before_tool_call",
});

const hookCalledSchema = z.union(
  [
    hookNameSchema,
    z.strictObject({
      name: hookNameSchema,
      times: z
        .number({ error: "a non-negative integer" })
        .int({ error: "a non-negative integer" })
        .nonnegative({ error: "a non-negative integer" })
        .optional(),
      plugin: nonEmptyText("a plugin id").optional(),
    }),
  ],
  { error: "a hook name or a mapping with name, times and plugin" },
);

const toolBlockedSchema = z.union(
  [
    nonEmptyText("a tool name"),
    z.strictObject({ name: nonEmptyText("a tool name"), reason: nonEmptyText("a reason substring").optional() }),
  ],
  { error: "a tool name or a mapping with name and reason" },
);

const customSchema = z.union(
  [
    pathText("a module path"),
    z.strictObject({
      module: pathText("a module path"),
      export: nonEmptyText("an export name").optional(),
      options: z.unknown().optional(),
    }),
  ],
  { error: "a module path or a mapping with module, export and options" },
);

const skillAbsenceReasonSchema = z.enum(SKILL_ABSENCE_REASONS, {
  error: `one of ${SKILL_ABSENCE_REASONS.join(", ")}`,
});

const skillsExcludedEntrySchema = z.union(
  [
    nonEmptyText("a skill name"),
    z.strictObject({ name: nonEmptyText("a skill name"), reason: skillAbsenceReasonSchema.optional() }),
  ],
  { error: "a skill name or a mapping with name and reason" },
);

const subagentSpawnedSchema = z.union(
  [
    z.boolean(),
    z.strictObject({
      count: z
        .number({ error: "a non-negative integer" })
        .int({ error: "a non-negative integer" })
        .nonnegative({ error: "a non-negative integer" })
        .optional(),
      task: nonEmptyText("text the spawned task contains").optional(),
      label: nonEmptyText("the spawn's label").optional(),
      announced: z.boolean({ error: "true or false" }).optional(),
    }),
  ],
  { error: "true, false or a mapping with count, task, label and announced" },
);

export const expectationSchema = z.union(
  [
    z.strictObject({ "reply-equals": text() }),
    z.strictObject({ "reply-contains": stringOrList() }),
    z.strictObject({ "reply-matches": nonEmptyText("a regular expression, as pattern or /pattern/flags") }),
    z.strictObject({ "tool-called": toolCalledSchema }),
    z.strictObject({ "tool-not-called": toolNotCalledSchema }),
    z.strictObject({
      "tool-sequence": names("a list of tool names").min(1, { error: "a non-empty list of tool names" }),
    }),
    z.strictObject({ "prompt-contains": stringOrList() }),
    z.strictObject({ "prompt-golden": pathText("a golden file path (.md, relative to the scenario file)") }),
    z.strictObject({ "skills-included": stringOrList() }),
    z.strictObject({ "skills-excluded": z.union([skillsExcludedEntrySchema, z.array(skillsExcludedEntrySchema)]) }),
    z.strictObject({ "skills-truncated": z.boolean({ error: "true or false" }) }),
    z.strictObject({ "heartbeat-ack": z.boolean({ error: "true or false" }) }),
    z.strictObject({ delivered: z.boolean({ error: "true or false" }) }),
    z.strictObject({ "reply-silent": z.boolean({ error: "true or false" }) }),
    z.strictObject({ "stream-clean": z.boolean({ error: "true or false" }) }),
    z.strictObject({ "subagent-spawned": subagentSpawnedSchema }),
    z.strictObject({ "hook-called": hookCalledSchema }),
    z.strictObject({ "tool-blocked": toolBlockedSchema }),
    z.strictObject({
      event: eventSchema.describe(
        "Events of the turn with this type whose fields contain the other keys (as tool-called's input): at least one, or exactly times.",
      ),
    }),
    z.strictObject({ custom: customSchema }),
    z.strictObject({ compaction: compactionSchema }),
    z.strictObject({ pruned: prunedSchema }),
    z.strictObject({ "prompt-tokens-max": promptTokensMaxSchema }),
    z.strictObject({
      "cost-max": costMaxSchema.describe(
        "Most US dollars of model cost: a number for the turn, or { usd, per: turn | unit }. An unknown cost fails.",
      ),
    }),
    z.strictObject({ "memory-top-hit": memoryTopHitSchema }),
    z.strictObject({ "memory-cited": memoryCitedSchema }),
    z.strictObject({ "memory-written": memoryWrittenSchema }),
    z.strictObject({ "memory-recalled": memoryRecalledSchema }),
  ],
  { error: "a mapping with one expectation type" },
);
