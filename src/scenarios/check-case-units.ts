import type { z } from "zod";
import type { Diagnostic, ScenarioFile } from "../domain/index.js";
import { buildSchemaDiagnostics } from "./build-schema-diagnostics.js";
import { CASE_UNIT_PLACES } from "./case-unit-places.js";
import type { FilledUnit } from "./compile-case-template.js";
import { setAt } from "./find-case-units.js";
import type { YamlLocator } from "./locate-yaml-node.js";

export interface CheckCaseUnitsOptions {
  /** The file as validated with stand-ins at the units. */
  scenarioFile: ScenarioFile;
  /** The units as one case filled them. */
  filled: readonly FilledUnit[];
  locator: YamlLocator;
  /** File name in diagnostics. */
  file: string;
}

/**
 * Validates each filled unit with the schema of its place and puts it into the file, so the
 * case's file is checked exactly as a file written with those values would be. A unit that
 * fails is tried once more with the numbers and booleans of its exact placeholders as text
 * (`user: "{{n}}"` with `n: 3` is the text `3`); the first attempt's problems are reported. Problems are
 * diagnostics at the unit's place in the file as written (unsorted). Pure.
 */
export function checkCaseUnits(
  options: CheckCaseUnitsOptions,
): { scenarioFile: ScenarioFile } | { diagnostics: Diagnostic[] } {
  let data: unknown = options.scenarioFile;
  const issues: z.core.$ZodIssue[] = [];
  for (const { unit, value, valueWithScalarsAsText } of options.filled) {
    const place = CASE_UNIT_PLACES[unit.place];
    if (place === undefined) {
      data = setAt(data, unit.path, value);
      continue;
    }
    const narrow = place.narrow?.(value)?.safeParse(value);
    if (narrow?.success) {
      data = setAt(data, unit.path, narrow.data);
      continue;
    }
    const schema = place.schema;
    const parsed = schema.safeParse(value);
    // Where the file needs text, `{{n}}` with a number (or boolean) reads as that number's text.
    const retried = parsed.success ? parsed : schema.safeParse(valueWithScalarsAsText());
    if (retried.success) {
      data = setAt(data, unit.path, retried.data);
      continue;
    }
    data = setAt(data, unit.path, value);
    for (const issue of parsed.error?.issues ?? []) issues.push({ ...issue, path: [...unit.path, ...issue.path] });
  }
  if (issues.length === 0) return { scenarioFile: data as ScenarioFile };
  return { diagnostics: buildSchemaDiagnostics({ issues, data, locator: options.locator, file: options.file }) };
}
