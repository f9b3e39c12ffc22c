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

  it("lets an exact {{field}} placeholder stand for any value that cases fill, and nowhere else", () => {
    const schema = buildScenarioJsonSchema() as {
      properties: Record<string, Record<string, unknown>>;
      definitions: { placeholder: { pattern: string } };
    };
    const placeholder = { $ref: "#/definitions/placeholder" };
    const text = (value: unknown): string => JSON.stringify(value);
    const { properties } = schema;
    expect(schema).toMatchObject({ definitions: { placeholder: { type: "string", pattern: expect.any(String) } } });
    const turnItems = text(properties.turns?.items);
    expect(turnItems).toMatch(
      /"reply-silent":\{"anyOf":\[\{"type":"boolean"\},\{"\$ref":"#\/definitions\/placeholder"\}\]\}/,
    );
    expect(properties.env?.anyOf).toContainEqual(placeholder);
    expect(text(properties.config)).toContain(text(placeholder));
    expect(text(properties.turns)).not.toMatch(/^\{"anyOf"/);
    expect(text(properties.repeat)).not.toContain(text(placeholder));
    expect(text(properties.workspace)).not.toContain(text(placeholder));
    const pattern = new RegExp(schema.definitions.placeholder.pattern);
    expect(["{{silent}}", "{{ silent }}"].every((value) => pattern.test(value))).toBe(true);
    expect(["x {{silent}}", "{{a}}{{b}}", "silent"].some((value) => pattern.test(value))).toBe(false);
  });
});
