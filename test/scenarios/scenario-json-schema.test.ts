import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildScenarioJsonSchema } from "../../src/scenarios/build-scenario-json-schema.js";

const schemaFile = fileURLToPath(new URL("../../schema/scenario.schema.json", import.meta.url));

describe("schema/scenario.schema.json", () => {
  it("matches the zod schema (regenerate with: npx tsx scripts/write-scenario-schema.ts)", async () => {
    const checkedIn: unknown = JSON.parse(await readFile(schemaFile, "utf8"));
    expect(
      checkedIn,
      "schema/scenario.schema.json is stale; regenerate it with: npx tsx scripts/write-scenario-schema.ts",
    ).toEqual(buildScenarioJsonSchema());
  });

  it("describes a scenario file with strict objects and the expectation types", () => {
    const schema = buildScenarioJsonSchema();
    expect(schema).toMatchObject({
      $schema: "http://json-schema.org/draft-07/schema#",
      title: "claw-eval scenario",
      type: "object",
      required: ["name", "turns"],
      additionalProperties: false,
    });
    expect(JSON.stringify(schema)).toContain('"reply-contains"');
  });
});
