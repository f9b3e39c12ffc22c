import { formatFieldPlace } from "../domain/format-field-path.js";
import { isRecord } from "../domain/index.js";
import { valueAt } from "./build-schema-diagnostics.js";
import { CASE_KEYS, CASE_UNIT_PLACES } from "./case-unit-places.js";
import type { FieldPath } from "./locate-yaml-node.js";

/** The `{{ field }}` form; the field name is trimmed. */
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** A piece of the file as written that holds placeholders and is filled and validated per case. */
export interface CaseUnit {
  path: FieldPath;
  /** Key of `CASE_UNIT_PLACES`. */
  place: string;
  /** The value as written, placeholders included. */
  value: unknown;
}

/**
 * The pieces of a scenario file (plain data, as parsed from YAML) that hold `{{field}}`
 * placeholders, under `CASE_KEYS` only, each at the narrowest place of `CASE_UNIT_PLACES`
 * that holds it, none inside another; in document order. Pure.
 */
export function findCaseUnits(data: unknown): CaseUnit[] {
  if (!isRecord(data)) return [];
  const found = new Map<string, CaseUnit>();
  for (const key of CASE_KEYS) {
    if (!Object.hasOwn(data, key)) continue;
    walk(data[key], [key], (path) => {
      const unitPath = narrowestPlace(path);
      if (unitPath === undefined) return;
      const id = JSON.stringify(unitPath);
      if (!found.has(id)) {
        found.set(id, { path: unitPath, place: formatFieldPlace(unitPath), value: valueAt(data, unitPath) });
      }
    });
  }
  const units = [...found.values()];
  return units.filter((unit) => !units.some((other) => other !== unit && isPrefix(other.path, unit.path)));
}

/** A copy of `data` with each unit replaced by its place's stand-in (copying only along the units' paths). */
export function withCaseStandIns(data: unknown, units: readonly CaseUnit[]): unknown {
  let result = data;
  for (const unit of units) result = setAt(result, unit.path, CASE_UNIT_PLACES[unit.place]?.standIn);
  return result;
}

/** A copy of `data` with `value` at `path`; only the objects and lists along the path are copied. */
export function setAt(data: unknown, path: FieldPath, value: unknown): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) return value;
  if (Array.isArray(data) && typeof segment === "number") {
    const copy = [...data];
    copy[segment] = setAt(data[segment], rest, value);
    return copy;
  }
  if (isRecord(data)) {
    const copy: Record<string, unknown> = { ...data };
    const next = setAt(data[String(segment)], rest, value);
    if (next === undefined) delete copy[String(segment)];
    else copy[String(segment)] = next;
    return copy;
  }
  return data;
}

function walk(value: unknown, path: FieldPath, onPlaceholder: (path: FieldPath) => void): void {
  if (typeof value === "string") {
    if (value.includes("{{") && new RegExp(PLACEHOLDER.source).test(value)) onPlaceholder(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walk(item, [...path, index], onPlaceholder);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) walk(item, [...path, key], onPlaceholder);
  }
}

function narrowestPlace(path: FieldPath): FieldPath | undefined {
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    if (Object.hasOwn(CASE_UNIT_PLACES, formatFieldPlace(prefix))) return prefix;
  }
  return undefined;
}

function isPrefix(prefix: FieldPath, path: FieldPath): boolean {
  return prefix.length < path.length && prefix.every((segment, index) => path[index] === segment);
}
