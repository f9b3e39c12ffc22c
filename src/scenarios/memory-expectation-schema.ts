import { z } from "zod";
import { names, nonEmptyText, positiveInt } from "./schema-primitives.js";

/** The memory expectations as written: `memory-top-hit`, `memory-cited`, `memory-written`, `memory-recalled`. */

/** `L3` or `L3-L5`: 1-based lines, the end included. */
export const LINE_RANGE_PATTERN = /^L([1-9]\d*)(?:-L([1-9]\d*))?$/;

const booleanLabel = "true or false";
const pathLabel = "a workspace-relative file path, e.g. memory/2026-03-10.md";
const countLabel = "a non-negative integer";

const memoryPath = () => nonEmptyText(pathLabel);

const lineRangeSchema = z
  .string({ error: "a line range like L3 or L3-L5" })
  .regex(LINE_RANGE_PATTERN, { error: "a line range like L3 or L3-L5" })
  .superRefine((value, context) => {
    const match = LINE_RANGE_PATTERN.exec(value);
    if (match?.[2] === undefined) return;
    const [start, end] = [Number(match[1]), Number(match[2])];
    if (start <= end) return;
    const found = `start ${start} above end ${end}`;
    context.addIssue({ code: "custom", message: "a line range whose start is at most its end", params: { found } });
  });

export const memoryTopHitSchema = z.strictObject(
  {
    path: memoryPath().describe("The file the hit must come from, as memory_search reports it."),
    lines: lineRangeSchema.optional().describe("The hit's line range must overlap these lines (L3 or L3-L5)."),
    rank: positiveInt("a positive integer rank")
      .optional()
      .describe("The hit may be anywhere in the top `rank` results (default 1: the first result)."),
    query: nonEmptyText("a search query")
      .optional()
      .describe("Check the memory_search call with exactly this query (default: the turn's first call)."),
  },
  { error: "a mapping with path, lines, rank and query" },
);

const memoryCitedMappingSchema = z.strictObject({
  path: memoryPath().optional().describe("Only a citation of this file counts."),
});

export const memoryCitedSchema = z.union([z.literal(true, { error: "true" }), memoryCitedMappingSchema], {
  error: "true or a mapping with path",
});

const containsSchema = z.union(
  [nonEmptyText("a non-empty string"), names("a list of strings").min(1, { error: "a non-empty list of strings" })],
  { error: "a string or a non-empty list of strings" },
);

export const memoryWrittenSchema = z.strictObject(
  {
    path: memoryPath().describe("The file a write or edit call of the turn must have written."),
    contains: containsSchema.optional().describe("Texts the written content must all contain."),
    appendOnly: z
      .boolean({ error: booleanLabel })
      .optional()
      .describe("Every write to the file kept its earlier content as an exact prefix (default false)."),
  },
  { error: "a mapping with path, contains and appendOnly" },
);

const memoryRecalledMappingSchema = z.strictObject({
  path: memoryPath().optional().describe("Only notes from this file count."),
  count: z
    .number({ error: countLabel })
    .int({ error: countLabel })
    .nonnegative({ error: countLabel })
    .optional()
    .describe("Exactly this many notes were injected (0: none)."),
});

export const memoryRecalledSchema = z.union([z.boolean({ error: booleanLabel }), memoryRecalledMappingSchema], {
  error: "true, false or a mapping with path and count",
});

/** Keys per place inside these expectations, for did-you-mean suggestions. */
export const MEMORY_EXPECTATION_KEYS = {
  "memory-top-hit": Object.keys(memoryTopHitSchema.shape),
  "memory-cited": Object.keys(memoryCitedMappingSchema.shape),
  "memory-written": Object.keys(memoryWrittenSchema.shape),
  "memory-recalled": Object.keys(memoryRecalledMappingSchema.shape),
} as const;
