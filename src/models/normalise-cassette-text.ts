/**
 * A machine- or run-specific absolute path and the placeholder that replaces it in cassettes,
 * e.g. `[workspace, "<workspace>"]`, `[home, "~"]`.
 */
export type CassettePathPlaceholder = readonly [path: string, placeholder: string];

/**
 * Runtime-line fields whose values differ between machines, plus `model`: one recording serves
 * whatever the runtime line calls the model.
 */
const VOLATILE_RUNTIME_FIELDS: readonly string[] = ["host", "os", "arch", "node", "shell", "model"];
const RUNTIME_PREFIX = "Runtime: ";
const RUNTIME_SEPARATOR = " | ";

/** A folder made by `mkdtemp` with a `claw-eval-` prefix, with the folders leading to it. */
const CLAW_EVAL_TEMP_PATH =
  /(?:\/[^\s/"'`<>|()]+)*?\/claw-eval-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-[A-Za-z0-9]{6}(?:\.[a-z]+)?(?![\w-]|\.[\w-])/g;

/** `2024-03-05`, `2024-03-05T14:03`, `2024-03-05 14:03:07.123+01:00`, `...Z`. */
const ISO_DATE_TIME = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d)/g;

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** A path ends where no name character follows; a `.` ends it too unless a name goes on after it. */
const PATH_END = "(?![\\w-]|\\.[\\w-])";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Longest path first, so a workspace inside HOME becomes `<workspace>`, not `~/...`. */
function longestFirst(paths: readonly CassettePathPlaceholder[]): CassettePathPlaceholder[] {
  return [...paths].filter(([path]) => path.length > 1).sort((a, b) => b[0].length - a[0].length);
}

/**
 * Replaces each given path by its placeholder, as a whole: not `/tmp/ab` inside `/tmp/abc` or
 * `/tmp/ab.home`, but before a full stop ending a sentence. Pure.
 */
export function replaceCassettePaths(text: string, paths: readonly CassettePathPlaceholder[]): string {
  let result = text;
  for (const [path, placeholder] of longestFirst(paths)) {
    result = result.replace(new RegExp(`${escapeRegExp(path)}${PATH_END}`, "g"), () => placeholder);
  }
  return result;
}

function normaliseRuntimeLine(line: string): string {
  if (!line.startsWith(RUNTIME_PREFIX)) return line;
  const fields = line.slice(RUNTIME_PREFIX.length).split(RUNTIME_SEPARATOR);
  const normalised = fields.map((field) => {
    const key = field.slice(0, field.indexOf("="));
    return VOLATILE_RUNTIME_FIELDS.includes(key) ? `${key}=<${key}>` : field;
  });
  return RUNTIME_PREFIX + normalised.join(RUNTIME_SEPARATOR);
}

/**
 * Replaces what varies between runs and machines in a prompt or message text, for cassette keys:
 * line endings → `\n`, the given paths (longest first), any other claw-eval temp folder → `<tmp>`,
 * ISO dates and times → `<date>`, UUIDs → `<id>`, and in the `Runtime:` line the values of
 * `host`, `os`, `arch`, `node`, `shell` and `model` → `<host>`, ... Pure.
 */
export function normaliseCassetteText(text: string, paths: readonly CassettePathPlaceholder[]): string {
  const replaced = replaceCassettePaths(text.replace(/\r\n/g, "\n"), paths)
    .replace(CLAW_EVAL_TEMP_PATH, "<tmp>")
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
