import { z } from "zod";
import { configFileSchema } from "./config-file-schema.js";

/**
 * The JSON Schema (draft-07) of `claw-eval.config.{json,yaml}`, generated from the zod schema;
 * what `schema/claw-eval.config.schema.json` holds. Model ids and fault specs are checked only
 * when the file is loaded.
 */
export function buildConfigJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(configFileSchema, { target: "draft-07", io: "input", unrepresentable: "throw" });
  const { $schema: _ignored, ...rest } = generated;
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "claw-eval config",
    description:
      "Defaults for claw-eval run and compare. Options given on the command line win. Paths are relative to this file's folder.",
    ...rest,
  };
}
