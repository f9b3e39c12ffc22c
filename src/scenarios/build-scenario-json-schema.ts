import { z } from "zod";
import { scenarioFileSchema } from "./scenario-schema.js";

/**
 * The JSON Schema (draft-07) of a scenario file as written, generated from the zod schema; what
 * `schema/scenario.schema.json` holds. Refinements (one turn kind, clock format) are checked only
 * by the loader.
 */
export function buildScenarioJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(scenarioFileSchema, { target: "draft-07", io: "input", unrepresentable: "throw" });
  const { $schema: _ignored, ...rest } = generated;
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "claw-eval scenario",
    description:
      "A claw-eval scenario file: scripted turns run against an OpenClaw-style agent runtime, with expectations per turn. Paths are relative to the scenario file.",
    ...rest,
  };
}
