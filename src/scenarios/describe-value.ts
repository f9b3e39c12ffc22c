/** Longest text quoted in a diagnostic, characters; longer text is cut and ends with `...`. */
const MAX_TEXT = 60;

/** `text` cut to `max` characters (default 60) with `...` appended when cut. Pure. */
export function clipText(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Renders a found value for a diagnostic: `string "abc"`, `number 3`, `a list`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return `string ${JSON.stringify(clipText(value))}`;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return `${typeof value} ${String(value)}`;
  }
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  if (typeof value === "object") return Object.keys(value).length === 0 ? "an empty mapping" : "a mapping";
  return typeof value;
}

/** `key "tunrs"` (a long key is cut as in {@link describeValue}). */
export function describeKey(key: string): string {
  return `key ${JSON.stringify(clipText(key))}`;
}
