import { z } from "zod";
import { parseFaultsOption } from "../models/parse-faults-option.js";
import { REPORTER_NAMES } from "../reporters/reporter-names.js";
import { checkModelId } from "../scenarios/check-model-id.js";
import { MAX_PATH_BYTES, MAX_REPEAT } from "../scenarios/scenario-limits.js";
import { CONFIG_SETTINGS, type ConfigKey } from "./run-option-table.js";

/** Most entries of `paths` and of `models` in a config file. */
export const MAX_CONFIG_LIST = 1000;

/** Largest `concurrency` a config file or `-j` may ask for. */
export const MAX_CONCURRENCY = 1024;

/** Largest `timeout`, seconds (one day). */
export const MAX_TIMEOUT_SECONDS = 86_400;

const pathText = (noun: string) =>
  z
    .string()
    .min(1)
    .max(MAX_PATH_BYTES)
    .refine((text) => !text.includes("\0"), `${noun} without a NUL character`)
    .describe(`${noun}, relative to the config file's folder`);

/** The rule of each key, as "expected <rule>" in a diagnostic. */
export const CONFIG_RULES: Readonly<Record<ConfigKey, string>> = {
  paths: `a list of 1 to ${MAX_CONFIG_LIST} scenario files, folders or globs (relative to the config file's folder)`,
  models: `a list of 1 to ${MAX_CONFIG_LIST} model ids, e.g. ["scripted", "anthropic:claude-sonnet-4-5"]`,
  repeat: `an integer from 1 to ${MAX_REPEAT}`,
  concurrency: `an integer from 1 to ${MAX_CONCURRENCY}`,
  timeout: `a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}`,
  reporters: `a list of reporter names (${REPORTER_NAMES.join(", ")})`,
  out: "a folder path (relative to the config file's folder)",
  cassettes: "a folder path (relative to the config file's folder)",
  faults: "a fault spec such as rate=0.2,kinds=429|5xx|timeout,seed=7",
  stream: "true or false",
};

const modelId = z
  .string()
  .min(1)
  .superRefine((id, context) => {
    const problem = checkModelId(id);
    if (problem === undefined) return;
    context.addIssue({
      code: "custom",
      message: problem.problem,
      params: { found: problem.problem, ...(problem.suggestion ? { suggestion: problem.suggestion } : {}) },
    });
  });

const SHAPE: Readonly<Record<ConfigKey, z.ZodType>> = {
  paths: z.array(pathText("a scenario file, folder or glob")).min(1).max(MAX_CONFIG_LIST),
  models: z.array(modelId).min(1).max(MAX_CONFIG_LIST),
  repeat: z.int().min(1).max(MAX_REPEAT),
  concurrency: z.int().min(1).max(MAX_CONCURRENCY),
  timeout: z.number().gt(0).max(MAX_TIMEOUT_SECONDS),
  reporters: z.array(z.enum(REPORTER_NAMES)).min(1),
  out: pathText("the report folder"),
  cassettes: pathText("the cassette folder"),
  faults: z
    .string()
    .max(1000)
    .superRefine((text, context) => {
      const parsed = parseFaultsOption(text);
      if (!parsed.ok) context.addIssue({ code: "custom", message: parsed.error, params: { found: parsed.error } });
    }),
  stream: z.boolean(),
};

/** A config file's values once checked: each key is optional. */
export interface ConfigFileValues {
  paths?: string[];
  models?: string[];
  repeat?: number;
  concurrency?: number;
  timeout?: number;
  reporters?: (typeof REPORTER_NAMES)[number][];
  out?: string;
  cassettes?: string;
  faults?: string;
  stream?: boolean;
}

/** The zod schema of a config file: every key of the table, optional, plus `$schema`; unknown keys are errors. */
export const configFileSchema = z.strictObject({
  $schema: z.string().optional().describe("the JSON Schema of this file, for editors"),
  ...Object.fromEntries(
    Object.entries(SHAPE).map(([key, schema]) => [
      key,
      schema.optional().describe(CONFIG_SETTINGS[key as ConfigKey].description),
    ]),
  ),
});
