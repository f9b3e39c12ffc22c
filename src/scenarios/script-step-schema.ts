import { z } from "zod";
import { mapping, nonEmptyText, text } from "./schema-primitives.js";
import { durationText } from "./time-schema.js";

/** Script steps (what the scripted model plays for a turn) and summary steps, as written. */

const httpStatusLabel = "an HTTP status from 100 to 599";
const secondsLabel = "a non-negative number of seconds";
const httpStatus = () =>
  z
    .number({ error: httpStatusLabel })
    .int({ error: httpStatusLabel })
    .min(100, { error: httpStatusLabel })
    .max(599, { error: httpStatusLabel });

const takes = (what: string) =>
  durationText({ positive: false, example: "2m" })
    .optional()
    .describe(`Simulated time ${what} takes, e.g. 2m (default none).`);

export const toolCallSchema = z.strictObject(
  { tool: nonEmptyText("a tool name"), input: mapping().optional(), takes: takes("the tool call") },
  { error: "a mapping with tool, input and takes" },
);

const hangSchema = z.strictObject({
  hang: z.literal(true, { error: "true" }).describe("No answer until the call is aborted (a timeout or interrupt)."),
});

export const scriptStepSchema = z.union(
  [
    z.strictObject({ text: text(), takes: takes("the model's answer") }),
    z.strictObject({
      tool: nonEmptyText("a tool name"),
      input: mapping().optional(),
      text: text().optional(),
      takes: takes("the tool call"),
    }),
    z.strictObject({
      tools: z
        .array(toolCallSchema, { error: "a list of tool calls" })
        .min(1, { error: "a non-empty list of tool calls" }),
      text: text().optional(),
    }),
    z.strictObject({
      error: z.strictObject(
        {
          status: httpStatus().optional(),
          message: text(),
          retryAfter: z.number({ error: secondsLabel }).nonnegative({ error: secondsLabel }).optional(),
        },
        { error: "a mapping with status, message and retryAfter" },
      ),
    }),
    hangSchema,
  ],
  { error: "a script step (text, tool, tools, error or hang)" },
);

/** What the scripted model answers to a compaction summary call (context.md §5). */
const summaryStepSchema = z.union(
  [
    z.strictObject({ text: text().describe("The summary text.") }),
    z.strictObject({
      error: z.strictObject(
        {
          status: httpStatus().optional(),
          message: text(),
        },
        { error: "a mapping with status and message" },
      ),
    }),
    hangSchema,
  ],
  { error: "a summary step (text, error or hang)" },
);

export const summariesSchema = z.array(summaryStepSchema, { error: "a list of summary steps" });

/** Keys a script step may have, for did-you-mean suggestions. */
export const SCRIPT_STEP_KEYS = ["text", "tool", "input", "tools", "error", "hang", "takes"] as const;

/** Keys a summary step may have. */
export const SUMMARY_STEP_KEYS = ["text", "error", "hang"] as const;
