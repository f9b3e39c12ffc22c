import { z } from "zod";
import { CASE_KEYS } from "./case-unit-places.js";
import { scenarioFileSchema } from "./scenario-schema.js";

/** A string that is exactly one `{{field}}` placeholder, which a case may fill with any type. */
const PLACEHOLDER_SCHEMA = {
  type: "string",
  pattern: "^\\{\\{\\s*[^{}]*?\\s*\\}\\}$",
  description: "A {{field}} placeholder that each data-driven case fills, with the case value's type.",
};

const PLACEHOLDER_REF = { $ref: "#/definitions/placeholder" };

const LISTS = new Set(["turns", "summaries"]);

/**
 * The JSON Schema (draft-07) of a scenario file as written, generated from the zod schema; what
 * `schema/scenario.schema.json` holds. Refinements (one turn kind, clock format) are checked only
 * by the loader. Under the keys cases fill (`CASE_KEYS`), every value that a plain string would
 * not satisfy also accepts an exact `{{field}}` placeholder, as the loader does for files with
 * cases.
 */
export function buildScenarioJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(scenarioFileSchema, { target: "draft-07", io: "input", unrepresentable: "throw" });
  const { $schema: _ignored, properties, ...rest } = generated;
  const withPlaceholders = Object.fromEntries(
    Object.entries(properties ?? {}).map(([key, value]) => [
      key,
      // A case fills the items of `turns` and `summaries`, not the lists themselves.
      (CASE_KEYS as readonly string[]).includes(key) ? allowPlaceholders(value, !LISTS.has(key)) : value,
    ]),
  );
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "claw-eval scenario",
    description:
      "A claw-eval scenario file: scripted turns run against an OpenClaw-style agent runtime, with expectations per turn. Paths are relative to the scenario file.",
    ...rest,
    properties: withPlaceholders,
    definitions: { placeholder: PLACEHOLDER_SCHEMA },
  };
}

/**
 * `node` and the schemas inside it, each also accepting a placeholder where a plain string would
 * fail it; a union gets the placeholder as one more member. Pure.
 */
function allowPlaceholders(node: unknown, wrap = true): unknown {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "items" || key === "additionalProperties") copy[key] = allowPlaceholders(value);
    else if (key === "properties" || key === "patternProperties") copy[key] = mapValues(value);
    else if (key === "anyOf" && Array.isArray(value))
      copy[key] = value.map((member) => allowPlaceholders(member, false));
    else copy[key] = value;
  }
  if (!wrap || acceptsAnyString(copy)) return copy;
  if (Array.isArray(copy.anyOf)) {
    const members = copy.anyOf as Record<string, unknown>[];
    return members.some(acceptsAnyString) ? copy : { ...copy, anyOf: [...members, PLACEHOLDER_REF] };
  }
  const { description, ...constraints } = copy;
  return { ...(description === undefined ? {} : { description }), anyOf: [constraints, PLACEHOLDER_REF] };
}

function mapValues(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, allowPlaceholders(schema)]));
}

/** A schema every string satisfies: `{ type: "string" }` with no further constraint, or no constraint at all. */
function acceptsAnyString(node: Record<string, unknown>): boolean {
  const constraints = Object.keys(node).filter((key) => key !== "description");
  if (constraints.length === 0) return true;
  return node.type === "string" && constraints.length === 1;
}
