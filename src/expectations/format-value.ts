/** Default limit for `expected` / `actual` renderings, in chars. */
export const MAX_VALUE_CHARS = 500;
/** Limit for a whole one-line `message` built from text we do not control, in chars. */
export const MAX_MESSAGE_CHARS = 300;
/** Default limit for a value quoted inside a one-line `message`, in chars. */
export const MAX_MESSAGE_VALUE_CHARS = 80;

/** A string in double quotes with JSON escaping, so whitespace and control chars are visible. */
export function quote(text: string): string {
  return JSON.stringify(text);
}

function cutIndex(text: string, maxChars: number): number {
  const code = text.charCodeAt(maxChars - 1);
  // Never split a surrogate pair.
  return code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars;
}

function moreNote(text: string, cut: number): string {
  return `… (${text.length - cut} more chars)`;
}

/** `text` unchanged when it fits in `maxChars`, else its start plus a `… (N more chars)` note. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = cutIndex(text, maxChars);
  return `${text.slice(0, cut)}${moreNote(text, cut)}`;
}

/** A quoted string, truncated before quoting so the quotes stay balanced. */
export function formatString(text: string, maxChars: number): string {
  if (text.length <= maxChars) return quote(text);
  const cut = cutIndex(text, maxChars);
  return `${quote(text.slice(0, cut))}${moreNote(text, cut)}`;
}

function normalise(value: unknown, ancestors: Set<object>): unknown {
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || typeof value !== "object") return value;
  if (ancestors.has(value)) return "[Circular]";
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return normalise(toJSON.call(value), ancestors);
  ancestors.add(value);
  let normalised: unknown;
  if (Array.isArray(value)) {
    normalised = value.map((item) => normalise(item, ancestors));
  } else {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      sorted[key] = normalise((value as Record<string, unknown>)[key], ancestors);
    }
    normalised = sorted;
  }
  ancestors.delete(value);
  return normalised;
}

/** Compact JSON with object keys in sorted order; never throws (cycles print as `"[Circular]"`). */
export function stableJson(value: unknown): string {
  return JSON.stringify(normalise(value, new Set())) ?? String(value);
}

/** Strings quoted, functions by name, everything else as stable JSON; truncated to `maxChars`. */
export function formatValue(value: unknown, maxChars: number): string {
  if (typeof value === "string") return formatString(value, maxChars);
  if (typeof value === "function") return `[function ${value.name || "anonymous"}]`;
  return truncateText(stableJson(value), maxChars);
}

/** `["a", "b"]`: each item quoted, the list not truncated. */
export function formatList(values: readonly string[]): string {
  return `[${values.map(quote).join(", ")}]`;
}

/** The values quoted and comma-separated, each truncated for use inside a message. */
export function formatValues(values: readonly string[]): string {
  return values.map((value) => formatString(value, MAX_MESSAGE_VALUE_CHARS)).join(", ");
}

/** Collapses line breaks and surrounding blanks to single spaces, then truncates. */
export function formatLine(text: string, maxChars: number): string {
  return truncateText(text.replace(/\s*[\r\n]+\s*/g, " ").trim(), maxChars);
}

/** Limit for one call's JSON input inside a list of calls, in chars. */
export const MAX_CALL_INPUT_CHARS = 120;

/** `read({"path":"a.md"}), exec({"command":"ls"})`, or `no tool calls`; truncated to `MAX_VALUE_CHARS`. */
export function formatToolCalls(calls: readonly { name: string; input: unknown }[]): string {
  if (calls.length === 0) return "no tool calls";
  const rendered = calls.map((call) => `${call.name}(${truncateText(stableJson(call.input), MAX_CALL_INPUT_CHARS)})`);
  return truncateText(rendered.join(", "), MAX_VALUE_CHARS);
}
