import type { Tool } from "../domain/index.js";
import { isRecord } from "../domain/index.js";

type Schema = Record<string, unknown>;

const TYPE_NAMES: Record<string, string> = {
  object: "an object",
  array: "an array",
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
};

function matchesType(type: unknown, value: unknown): boolean {
  switch (type) {
    case "object":
      return isRecord(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    default:
      return true;
  }
}

/** "an integer ≥ 1", "one of "send", "reply"", ...: what a value of `schema` must be. */
function describeSchema(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  const base = typeof schema.type === "string" ? (TYPE_NAMES[schema.type] ?? schema.type) : "a valid value";
  return typeof schema.minimum === "number" ? `${base} ≥ ${schema.minimum}` : base;
}

function checkValue(schema: Schema, value: unknown, at: string, problems: string[]): void {
  const valid =
    matchesType(schema.type, value) &&
    (!Array.isArray(schema.enum) || schema.enum.some((option) => Object.is(option, value))) &&
    (typeof schema.minimum !== "number" || typeof value !== "number" || value >= schema.minimum);
  if (!valid) {
    problems.push(`"${at}" must be ${describeSchema(schema)}`);
    return;
  }
  if (Array.isArray(value) && isRecord(schema.items)) {
    const items = schema.items;
    value.forEach((item, index) => {
      checkValue(items, item, `${at}[${index}]`, problems);
    });
  }
  if (isRecord(value) && schema.type === "object") checkObject(schema, value, `${at}.`, problems);
}

function checkObject(schema: Schema, value: Record<string, unknown>, prefix: string, problems: string[]): void {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === "string" && value[name] === undefined) problems.push(`"${prefix}${name}" is required`);
  }
  for (const [name, propertySchema] of Object.entries(properties)) {
    const item = value[name];
    if (isRecord(propertySchema) && item !== undefined) checkValue(propertySchema, item, `${prefix}${name}`, problems);
  }
  if (schema.additionalProperties !== false) return;
  for (const name of Object.keys(value)) {
    if (!Object.hasOwn(properties, name)) problems.push(`"${prefix}${name}" is not a known argument`);
  }
}

/**
 * Checks arguments against the JSON-Schema subset the tools use: `type` (object, string,
 * number, integer, boolean, array), `required`, `properties`, `items`, `enum`, `minimum` and
 * `additionalProperties: false`; other keywords are ignored. Returns `undefined` when valid,
 * else one message listing every problem (required first, then in schema order), e.g.
 * `Invalid arguments for read: "path" must be a string; "limit" must be an integer ≥ 1`.
 */
export function validateToolInput(tool: Pick<Tool, "name" | "inputSchema">, input: unknown): string | undefined {
  const problems: string[] = [];
  if (!isRecord(input)) problems.push("arguments must be a JSON object");
  else checkObject(tool.inputSchema, input, "", problems);
  return problems.length === 0 ? undefined : `Invalid arguments for ${tool.name}: ${problems.join("; ")}`;
}
