import { findTooDeepValue } from "../domain/find-too-deep-value.js";
import { formatFieldPath } from "../domain/format-field-path.js";
import type { Diagnostic } from "../domain/index.js";
import { describeKey, describeValue } from "../scenarios/describe-value.js";
import type { LocateField } from "../scenarios/locate-yaml-node.js";
import { MAX_VALUE_DEPTH } from "../scenarios/scenario-limits.js";
import { sortDiagnostics } from "../scenarios/sort-diagnostics.js";
import { suggestName } from "../scenarios/suggest-name.js";
import { CONFIG_RULES, type ConfigFileValues, configFileSchema } from "./config-file-schema.js";
import { CONFIG_KEYS, type ConfigKey } from "./run-option-table.js";

export interface CheckConfigValuesOptions {
  /** The file's content as plain data. */
  data: unknown;
  /** The file as diagnostics name it. */
  file: string;
  /** Where the value at a path starts; line 1 column 1 when unknown (a `.mjs` file). */
  locateValue?: LocateField;
  /** Where the key holding the value at a path starts. */
  locateKey?: LocateField;
}

export type CheckConfigValuesResult = { ok: true; values: ConfigFileValues } | { ok: false; diagnostics: Diagnostic[] };

const START = { line: 1, column: 1 };

/**
 * Checks a config file's data against the config schema: a mapping of known keys with valid
 * values. Each problem is a diagnostic at its key or value, saying what the key takes; an
 * unknown key names the closest known one. Pure.
 */
export function checkConfigValues(options: CheckConfigValuesOptions): CheckConfigValuesResult {
  const { data, file } = options;
  const locateValue = options.locateValue ?? (() => START);
  const locateKey = options.locateKey ?? locateValue;
  const at = (
    path: readonly (string | number)[],
    locate: LocateField,
    expected: string,
    found: string,
    where: readonly (string | number)[] = path,
  ) => ({
    file,
    ...locate(where),
    path: formatFieldPath(path),
    expected,
    found,
    severity: "error" as const,
  });
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    const expected = `a mapping of config keys (${CONFIG_KEYS.join(", ")})`;
    return { ok: false, diagnostics: [at([], locateValue, expected, describeValue(data))] };
  }
  const deep = findTooDeepValue(data, MAX_VALUE_DEPTH);
  if (deep !== undefined) {
    const expected = `at most ${MAX_VALUE_DEPTH} levels of nested lists and mappings`;
    return { ok: false, diagnostics: [at(deep, locateValue, expected, "deeper nesting")] };
  }
  const parsed = configFileSchema.safeParse(data);
  if (parsed.success) return { ok: true, values: parsed.data as ConfigFileValues };
  const diagnostics = parsed.error.issues.flatMap((issue): Diagnostic[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        const expected = `a config key (${CONFIG_KEYS.join(", ")})`;
        const parent = issue.path.map(segmentOf);
        const diagnostic = at(parent, locateKey, expected, describeKey(key), [...parent, key]);
        const suggestion = suggestName(key, CONFIG_KEYS);
        return suggestion === undefined ? diagnostic : { ...diagnostic, suggestion };
      });
    }
    const path = issue.path.map(segmentOf);
    const key = path[0];
    const rule = typeof key === "string" && isConfigKey(key) ? CONFIG_RULES[key] : "a string";
    const params = issue.code === "custom" ? (issue.params as Record<string, unknown> | undefined) : undefined;
    const found = typeof params?.found === "string" ? params.found : describeValue(valueAt(data, path));
    const diagnostic = at(path, locateValue, rule, found);
    return [typeof params?.suggestion === "string" ? { ...diagnostic, suggestion: params.suggestion } : diagnostic];
  });
  return { ok: false, diagnostics: sortDiagnostics(diagnostics) };
}

function segmentOf(segment: PropertyKey): string | number {
  return typeof segment === "number" ? segment : String(segment);
}

function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}
