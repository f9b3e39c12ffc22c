const MAX_TEXT = 60;

/** Renders a found value for an issue: `string "abc"`, `number 3`, `a list`, `null`. */
export function configDescribeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") {
    return `string ${JSON.stringify(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}...` : value)}`;
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return `${typeof value} ${String(value)}`;
  }
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  if (typeof value === "object") return Object.keys(value).length === 0 ? "an empty mapping" : "a mapping";
  return typeof value;
}
