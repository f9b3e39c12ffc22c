import { z } from "zod";
import { type CompactionTrigger, PRUNE_MECHANISMS, type PruneMechanism } from "../domain/index.js";
import { names, nonEmptyText, positiveInt } from "./schema-primitives.js";

/** The context-engine expectations as written: `compaction`, `pruned`, `prompt-tokens-max` (context.md §8). */

export const COMPACTION_TRIGGERS = ["threshold", "overflow", "manual"] as const satisfies readonly CompactionTrigger[];

const rateLabel = "a number from 0 to 1";
const rate = () => z.number({ error: rateLabel }).min(0, { error: rateLabel }).max(1, { error: rateLabel });
const tokensLabel = "a positive integer number of tokens";
const booleanLabel = "true or false";

const reductionSchema = z
  .strictObject(
    {
      min: rate().optional().describe("Lowest acceptable token reduction ratio, 1 − tokensAfter / tokensBefore."),
      max: rate().optional().describe("Highest acceptable token reduction ratio."),
    },
    { error: "a mapping with min and max" },
  )
  .superRefine((range, context) => {
    if (range.min === undefined || range.max === undefined || range.min <= range.max) return;
    const found = `min ${range.min} above max ${range.max}`;
    context.addIssue({ code: "custom", message: "min at most max", params: { found } });
  });

/** Measures that only make sense when a compaction was written. */
const MEASURES = ["identifiersPreserved", "tokensAfterMax", "reduction", "structure"] as const;

const compactionMappingSchema = z
  .strictObject({
    triggered: z.boolean({ error: booleanLabel }).optional().describe("A compaction was written (default true)."),
    trigger: z
      .enum(COMPACTION_TRIGGERS, { error: "one of threshold, overflow or manual" })
      .optional()
      .describe("Only compactions asked for by this trigger count."),
    identifiersPreserved: rate()
      .optional()
      .describe(
        "Lowest identifier preservation rate of every written compaction (see docs/context.md, What is measured).",
      ),
    tokensAfterMax: positiveInt(tokensLabel).optional().describe("Most tokens after every written compaction."),
    reduction: reductionSchema.optional(),
    structure: z
      .boolean({ error: booleanLabel })
      .optional()
      .describe(
        "Every structural check of the compaction passes (true) or one fails (false); docs/context.md lists the checks.",
      ),
  })
  .superRefine((value, context) => {
    if (value.triggered !== false) return;
    for (const key of MEASURES) {
      if (value[key] === undefined) continue;
      const found = `key ${JSON.stringify(key)}`;
      const message = "only trigger alongside triggered: false";
      context.addIssue({ code: "custom", path: [key], message, params: { found } });
    }
  });

export const compactionSchema = z.union([z.boolean({ error: booleanLabel }), compactionMappingSchema], {
  error: "true, false or a mapping with triggered, trigger, identifiersPreserved, tokensAfterMax, reduction, structure",
});

const mechanismLabel = `one of ${PRUNE_MECHANISMS.join(", ")}`;

export const prunedSchema = z.union(
  [
    z.boolean({ error: booleanLabel }),
    z.strictObject({
      mechanism: z
        .enum(PRUNE_MECHANISMS as [PruneMechanism, ...PruneMechanism[]], { error: mechanismLabel })
        .optional()
        .describe("Only results pruned this way count (docs/context.md describes each mechanism)."),
      tools: z
        .union(
          [
            nonEmptyText("a tool name"),
            names("a list of tool names").min(1, { error: "a non-empty list of tool names" }),
          ],
          { error: "a tool name or a list of tool names" },
        )
        .optional()
        .describe("Only results of these tools count; each must be among them."),
      count: z
        .number({ error: "a non-negative integer" })
        .int({ error: "a non-negative integer" })
        .nonnegative({ error: "a non-negative integer" })
        .optional()
        .describe("Exactly this many pruned results (0: none)."),
    }),
  ],
  { error: "true, false or a mapping with mechanism, tools and count" },
);

export const promptTokensMaxSchema = positiveInt(tokensLabel).describe(
  "Most estimated tokens (system prompt + messages) any model call of the turn may carry.",
);

/** Keys per place inside these expectations, for did-you-mean suggestions. */
export const CONTEXT_EXPECTATION_KEYS = {
  compaction: Object.keys(compactionMappingSchema.shape),
  "compaction.reduction": ["min", "max"],
  pruned: ["mechanism", "tools", "count"],
} as const;
