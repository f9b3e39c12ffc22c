import { z } from "zod";
import { STATE_DIR_ENV_VARS } from "../platform/resolve-state-dir.js";
import { checkModelId, MODEL_ID_RULE } from "./check-model-id.js";
import { checkPathText, PATH_TEXT_RULE } from "./check-path-text.js";
import { checkPlainFileName, PLAIN_FILE_NAME_RULE } from "./check-plain-file-name.js";
import { checkUnitWritePath, UNIT_WRITE_PATH_RULE } from "./check-unit-write-path.js";
import { clipText, describeValue } from "./describe-value.js";

// Building blocks of the scenario file schema; each `label` is the "expected ..." phrase of the
// diagnostic a failing value produces. A custom issue's `params.found` (and `params.suggestion`)
// replace the generic description of the value.

export const text = (label = "a string") => z.string({ error: label });
export const nonEmptyText = (label: string) => z.string({ error: label }).min(1, { error: label });
export const names = (label: string) => z.array(nonEmptyText("a non-empty string"), { error: label });
export const positiveInt = (label: string) =>
  z.number({ error: label }).int({ error: label }).positive({ error: label });
export const mapping = () => z.record(z.string(), z.unknown(), { error: "a mapping" });
export const stringOrList = () =>
  z.union([text(), z.array(text(), { error: "a list of strings" })], { error: "a string or a list of strings" });

/** A path field (`label`, e.g. "a folder path"): non-empty, and usable as a path ({@link checkPathText}). */
export const pathText = (label: string) =>
  nonEmptyText(label).superRefine((value, context) => {
    const problem = checkPathText(value);
    if (problem === undefined) return;
    const found = `${describeValue(value)}, which ${problem}`;
    context.addIssue({ code: "custom", message: `${label} ${PATH_TEXT_RULE}`, params: { found } });
  });

/** A name joined to a folder the harness writes in (a `bins` entry): a plain file name. */
export const plainFileName = () =>
  nonEmptyText(PLAIN_FILE_NAME_RULE).superRefine((value, context) => {
    // An empty name is already the length check's issue.
    const problem = value === "" ? undefined : checkPlainFileName(value);
    if (problem === undefined) return;
    context.addIssue({
      code: "custom",
      message: PLAIN_FILE_NAME_RULE,
      params: { found: `${describeValue(value)}, which ${problem}` },
    });
  });

/** A model id some provider can build a model from (`checkModelId`). */
export const modelId = () =>
  nonEmptyText(MODEL_ID_RULE).superRefine((value, context) => {
    const checked = value === "" ? undefined : checkModelId(value);
    if (checked === undefined) return;
    const why =
      checked.unknownProvider === undefined
        ? `(${clipText(checked.problem, 200)})`
        : `(no provider is named ${JSON.stringify(clipText(checked.unknownProvider))})`;
    const found = `${describeValue(value)} ${why}`;
    const suggestion = checked.suggestion === undefined ? {} : { suggestion: clipText(checked.suggestion) };
    context.addIssue({ code: "custom", message: MODEL_ID_RULE, params: { found, ...suggestion } });
  });

/**
 * The scenario `env`: a mapping of strings whose state-folder variables (`OPENCLAW_STATE_DIR`,
 * `CLAWDBOT_STATE_DIR`, `OPENCLAW_HOME`) keep everything a unit writes inside its temp folders
 * ({@link checkUnitWritePath}).
 */
export const scenarioEnv = () =>
  z.record(z.string(), text(), { error: "a mapping of strings" }).superRefine((env, context) => {
    for (const name of STATE_DIR_ENV_VARS) {
      const value = env[name];
      const problem = value === undefined || value.trim() === "" ? undefined : checkUnitWritePath(value);
      if (problem === undefined) continue;
      context.addIssue({
        code: "custom",
        path: [name],
        message: UNIT_WRITE_PATH_RULE,
        params: { found: `${describeValue(value)}, which ${problem}` },
      });
    }
  });
