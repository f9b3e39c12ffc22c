import { createPathReplacer, type PathPlaceholder } from "../platform/create-path-replacer.js";
import { normaliseRuntimeLine } from "../platform/normalise-runtime-line.js";

/**
 * A machine- or run-specific absolute path and the placeholder that replaces it in cassettes,
 * e.g. `[workspace, "<workspace>"]`, `[home, "~"]`.
 */
export type CassettePathPlaceholder = PathPlaceholder;

/** `2024-03-05`, `2024-03-05T14:03`, `2024-03-05 14:03:07.123+01:00`, `...Z`. */
const ISO_DATE_TIME = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d)/g;

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * Replaces what varies between runs and machines in a prompt or message text, for cassette keys:
 * line endings → `\n`, the given paths (longest first), any other claw-eval temp folder → `<tmp>`,
 * ISO dates and times → `<date>`, UUIDs → `<id>`, and in the `Runtime:` line the values of
 * `host`, `os`, `arch`, `node`, `shell` and `model` → `<host>`, ... Pure.
 */
export function normaliseCassetteText(text: string, paths: readonly CassettePathPlaceholder[]): string {
  const replaced = createPathReplacer({ paths, otherTempFolders: true })(text.replace(/\r\n/g, "\n"))
    .replace(ISO_DATE_TIME, "<date>")
    .replace(UUID, "<id>");
  return replaced.split("\n").map(normaliseRuntimeLine).join("\n");
}

/** A JSON-like value with `map` applied to every string (object keys are kept). Pure. */
export function mapCassetteStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapCassetteStrings(item, map)) as T;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => [key, mapCassetteStrings(item, map)]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}
