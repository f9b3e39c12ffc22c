import { isRecord } from "../domain/index.js";
import { type CaseUnit, PLACEHOLDER } from "./find-case-units.js";
import type { FieldPath } from "./locate-yaml-node.js";

/** One data-driven case: a row of the `cases` list or file. */
export interface ScenarioCase {
  /** 0-based position in the cases list or file. */
  index: number;
  /** The case's `id` field, when it has one: the case id is then `<id>`, else `<index + 1>`. */
  id?: string;
  fields: Record<string, unknown>;
  /** Where the case is written: the cases file (or the scenario file, for inline cases) and line. */
  source?: { file: string; line: number };
}

/** A `{{field}}` written in the scenario file, and where. */
export interface PlaceholderUse {
  field: string;
  /** As written, e.g. `{{ city }}`. */
  placeholder: string;
  path: FieldPath;
}

/** A unit filled by a case: the same path, the new value. */
export interface FilledUnit {
  unit: CaseUnit;
  /** Exact placeholders hold the case values as they are. */
  value: unknown;
  /** The unit filled with numbers, booleans and `null` of exact placeholders written as text instead. */
  valueWithScalarsAsText: () => unknown;
}

export interface CaseTemplate {
  /** Every placeholder of the units, in document order. */
  uses: PlaceholderUse[];
  /** Fills every unit with a case's fields; parts without placeholders are shared, not copied. */
  fill(fields: Record<string, unknown>): FilledUnit[];
}

/** The case id without the file id: the case's `id`, else its 1-based position. */
export function caseSuffix(scenarioCase: ScenarioCase): string {
  return scenarioCase.id ?? String(scenarioCase.index + 1);
}

/** `case #3 (cases.jsonl:4)`: the case, and where it is written when known. */
export function describeCase(scenarioCase: ScenarioCase): string {
  const source = scenarioCase.source;
  return `case #${caseSuffix(scenarioCase)}${source === undefined ? "" : ` (${source.file}:${source.line})`}`;
}

/** Case values as text: strings as they are, other JSON values as JSON (`3`, `true`, `null`, `{"a":1}`). */
export function formatCaseValue(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

type Fill = (fields: Record<string, unknown>, scalarsAsText: boolean) => unknown;

/**
 * Compiles the placeholders of the units once, so each case only rebuilds what it changes. A
 * string that is exactly one placeholder takes the case value as it is (boolean, number, list,
 * mapping, string, `null`); a placeholder among other text is replaced by the value as text
 * (`formatCaseValue`). `valueWithScalarsAsText` is the fallback for places that need text. Substituted text is never scanned again; a field the case lacks leaves the
 * placeholder as written (callers report `uses` the case cannot fill first). Pure.
 */
export function compileCaseTemplate(units: readonly CaseUnit[]): CaseTemplate {
  const uses: PlaceholderUse[] = [];
  for (const unit of units) collectUses(unit.value, unit.path, uses);
  const fills = units.map((unit) => ({ unit, fill: compile(unit.value) }));
  return {
    uses,
    fill: (fields) =>
      fills.map(({ unit, fill }) => ({
        unit,
        value: fill === undefined ? unit.value : fill(fields, false),
        valueWithScalarsAsText: () => (fill === undefined ? unit.value : fill(fields, true)),
      })),
  };
}

function collectUses(value: unknown, path: FieldPath, uses: PlaceholderUse[]): void {
  if (typeof value === "string") {
    for (const match of value.matchAll(PLACEHOLDER)) uses.push({ field: match[1] ?? "", placeholder: match[0], path });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collectUses(item, [...path, index], uses);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) collectUses(item, [...path, key], uses);
  }
}

/** A function rebuilding `value` with placeholders filled, or `undefined` when it has none. */
function compile(value: unknown): Fill | undefined {
  if (typeof value === "string") return compileText(value);
  if (Array.isArray(value)) {
    const parts = value.map((item, index) => [index, compile(item)] as const).filter(([, fill]) => fill !== undefined);
    if (parts.length === 0) return undefined;
    return (fields, scalarsAsText) => {
      const copy = [...value];
      for (const [index, fill] of parts) copy[index] = fill?.(fields, scalarsAsText);
      return copy;
    };
  }
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .map(([key, item]) => [key, compile(item)] as const)
      .filter(([, fill]) => fill !== undefined);
    if (parts.length === 0) return undefined;
    return (fields, scalarsAsText) => {
      const copy: Record<string, unknown> = { ...value };
      for (const [key, fill] of parts) copy[key] = fill?.(fields, scalarsAsText);
      return copy;
    };
  }
  return undefined;
}

function compileText(text: string): Fill | undefined {
  if (!text.includes("{{")) return undefined;
  const literals: string[] = [];
  const names: { field: string; placeholder: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    literals.push(text.slice(last, match.index));
    names.push({ field: match[1] ?? "", placeholder: match[0] });
    last = match.index + match[0].length;
  }
  if (names.length === 0) return undefined;
  literals.push(text.slice(last));
  const [only] = names;
  if (names.length === 1 && only !== undefined && only.placeholder === text) {
    return (fields, scalarsAsText) => {
      if (!Object.hasOwn(fields, only.field)) return text;
      const value = fields[only.field];
      return scalarsAsText && (value === null || typeof value !== "object") ? formatCaseValue(value) : value;
    };
  }
  return (fields) => {
    let result = literals[0] ?? "";
    names.forEach(({ field, placeholder }, index) => {
      result +=
        (Object.hasOwn(fields, field) ? formatCaseValue(fields[field]) : placeholder) + (literals[index + 1] ?? "");
    });
    return result;
  };
}
