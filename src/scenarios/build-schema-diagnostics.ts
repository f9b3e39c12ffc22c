import type { z } from "zod";
import { formatFieldPath, formatFieldPlace } from "../domain/format-field-path.js";
import type { Diagnostic } from "../domain/index.js";
import { describeKey, describeValue } from "./describe-value.js";
import type { FieldPath, TextPosition, YamlLocator } from "./locate-yaml-node.js";
import { KEYS_BY_PLACE } from "./scenario-schema.js";
import { suggestName } from "./suggest-name.js";

type Issue = z.core.$ZodIssue;

export interface SchemaDiagnosticsOptions {
  issues: readonly Issue[];
  /** The document as plain data (what the schema checked). */
  data: unknown;
  locator: YamlLocator;
  file: string;
}

interface Context {
  data: unknown;
  locator: YamlLocator;
  file: string;
}

/**
 * Turns zod issues into diagnostics at the offending YAML nodes. An unknown key is reported at
 * the key with a suggestion among the keys allowed there; a failed union reports the issues of
 * the member that fits the value best. The result is unsorted.
 */
export function buildSchemaDiagnostics(options: SchemaDiagnosticsOptions): Diagnostic[] {
  const context: Context = { data: options.data, locator: options.locator, file: options.file };
  return withoutMisspeltMissing(options.issues.flatMap((issue) => convertIssue(issue, [], context)));
}

/** `tunrs:` reports the unknown key with "did you mean turns?"; "turns: found nothing" would only repeat it. */
function withoutMisspeltMissing(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const suggested = new Set<string>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.suggestion === undefined || !diagnostic.found.startsWith("key ")) continue;
    suggested.add(diagnostic.path === "" ? diagnostic.suggestion : `${diagnostic.path}.${diagnostic.suggestion}`);
  }
  return diagnostics.filter((diagnostic) => !(diagnostic.found === "nothing" && suggested.has(diagnostic.path)));
}

function convertIssue(issue: Issue, base: FieldPath, context: Context): Diagnostic[] {
  const path = [...base, ...issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)))];
  if (issue.code === "unrecognized_keys") return issue.keys.map((key) => unknownKey(path, key, context));
  if (issue.code === "invalid_union") return convertUnion(issue.errors, issue.message, path, context);
  const params = issue.code === "custom" ? issue.params : undefined;
  const found = typeof params?.found === "string" ? params.found : describeValue(valueAt(context.data, path));
  const diagnostic = diagnosticAt(context, context.locator.value(path), path, expectedOf(issue), found);
  return [typeof params?.suggestion === "string" ? { ...diagnostic, suggestion: params.suggestion } : diagnostic];
}

/** The schema's own label; zod's default wording only for a check that has none. */
function expectedOf(issue: Issue): string {
  if (!/^(Invalid|Too (small|big)|Unrecognized)/.test(issue.message)) return issue.message;
  return issue.code === "invalid_type" ? `a value of type ${issue.expected}` : issue.message.toLowerCase();
}

function unknownKey(path: FieldPath, key: string, context: Context): Diagnostic {
  const place = KEYS_BY_PLACE[formatFieldPlace(path)];
  const label = place?.label ?? "a known key";
  // A key allowed at this place but not beside the others (`takes` on an error step).
  const others = place?.keys.includes(key) ? keysBeside(valueAt(context.data, path), key) : [];
  const expected = others.length > 0 ? `${label} that goes with ${others.join(" and ")}` : label;
  const diagnostic = diagnosticAt(context, context.locator.key([...path, key]), path, expected, describeKey(key));
  const suggestion = place === undefined ? undefined : suggestName(key, place.keys);
  return suggestion === undefined || suggestion === key ? diagnostic : { ...diagnostic, suggestion };
}

function keysBeside(value: unknown, key: string): string[] {
  return isMapping(value) ? Object.keys(value).filter((other) => other !== key) : [];
}

interface BranchFit {
  issues: readonly Issue[];
  /** Unknown plus missing keys at the union's own level. */
  shapeMisses: number;
}

function convertUnion(
  branches: readonly (readonly Issue[])[],
  label: string,
  path: FieldPath,
  context: Context,
): Diagnostic[] {
  const value = valueAt(context.data, path);
  const fits: BranchFit[] = branches
    .filter((issues) => !issues.some((issue) => issue.path.length === 0 && isTypeMismatch(issue)))
    .map((issues) => ({ issues, shapeMisses: countShapeMisses(issues, value) }))
    .sort((a, b) => a.shapeMisses - b.shapeMisses || a.issues.length - b.issues.length);
  const [best, second] = fits;
  if (best !== undefined && (best.shapeMisses === 0 || second === undefined || second.shapeMisses > best.shapeMisses)) {
    return best.issues.flatMap((issue) => convertIssue(issue, path, context));
  }
  const keys = isMapping(value) ? Object.keys(value) : [];
  const allowed = KEYS_BY_PLACE[formatFieldPlace(path)]?.keys;
  const unknown = allowed === undefined ? [] : keys.filter((key) => !allowed.includes(key));
  if (unknown.length > 0) return unknown.map((key) => unknownKey(path, key, context));
  const found = keys.length > 1 ? `keys ${keys.map((key) => JSON.stringify(key)).join(" and ")}` : describeValue(value);
  return [diagnosticAt(context, context.locator.value(path), path, label, found)];
}

function isTypeMismatch(issue: Issue): boolean {
  return issue.code === "invalid_type" || issue.code === "invalid_value";
}

function countShapeMisses(issues: readonly Issue[], value: unknown): number {
  let misses = 0;
  for (const issue of issues) {
    const [key] = issue.path;
    if (issue.code === "unrecognized_keys") {
      if (issue.path.length === 0) misses += issue.keys.length;
    } else if (issue.path.length === 1 && valueAt(value, [typeof key === "number" ? key : String(key)]) === undefined) {
      misses++;
    }
  }
  return misses;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at `path` in plain data, or `undefined` when any step is missing. */
export function valueAt(data: unknown, path: FieldPath): unknown {
  let current = data;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === "number") current = current[segment];
    else if (isMapping(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

function diagnosticAt(
  context: Context,
  position: TextPosition,
  path: FieldPath,
  expected: string,
  found: string,
): Diagnostic {
  return {
    file: context.file,
    line: position.line,
    column: position.column,
    path: formatFieldPath(path),
    expected,
    found,
    severity: "error",
  };
}
