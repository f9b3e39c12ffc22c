import type { Scenario, ScenarioFile, ScriptStep, Turn } from "../domain/index.js";
import type { FieldPath } from "./locate-yaml-node.js";

/** One data-driven case: a row of the `cases` list or file. */
export interface ScenarioCase {
  /** 0-based position in the cases list or file. */
  index: number;
  /** The case's `id` field, when it has one: the case id is then `<id>`, else `<index + 1>`. */
  id?: string;
  fields: Record<string, unknown>;
}

/** A `{{field}}` written in the scenario file, and where. */
export interface PlaceholderUse {
  field: string;
  /** As written, e.g. `{{ city }}`. */
  placeholder: string;
  path: FieldPath;
}

/** The parts of a scenario a case may change. */
export type CaseFilledParts = Pick<Scenario, "name" | "summaries" | "turns">;

export interface CaseTemplate {
  /** Every placeholder in `name`, the scenario's `summaries` and `turns`, in document order. */
  uses: PlaceholderUse[];
  /** Fills the placeholders of a normalised scenario's `name`, `summaries` and `turns`; unchanged parts are shared. */
  fill(fields: Record<string, unknown>): CaseFilledParts;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The case id without the file id: the case's `id`, else its 1-based position. */
export function caseSuffix(scenarioCase: ScenarioCase): string {
  return scenarioCase.id ?? String(scenarioCase.index + 1);
}

/** Case values as text: strings as they are, other JSON values as JSON (`3`, `true`, `null`, `{"a":1}`). */
export function formatCaseValue(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

type Fill = (fields: Record<string, unknown>) => unknown;

/**
 * Compiles the placeholders of a normalised scenario once, so each case only rebuilds what it
 * changes. Substituted text is never scanned again; a field the case lacks leaves the placeholder
 * as written (callers report `uses` the case cannot fill first). `location` objects are left alone.
 */
export function compileCaseTemplate(options: { scenario: Scenario; scenarioFile: ScenarioFile }): CaseTemplate {
  const uses: PlaceholderUse[] = [];
  collectUses(options.scenarioFile.name, ["name"], uses);
  collectUses(options.scenarioFile.summaries, ["summaries"], uses);
  collectUses(options.scenarioFile.turns, ["turns"], uses);
  const { name, summaries, turns } = options.scenario;
  const fillName = compile(name);
  const fillSummaries = compile(summaries);
  const fillTurns = compile(turns);
  return {
    uses,
    fill: (fields) => ({
      name: fillName === undefined ? name : (fillName(fields) as string),
      summaries: fillSummaries === undefined ? summaries : (fillSummaries(fields) as ScriptStep[]),
      turns: fillTurns === undefined ? turns : (fillTurns(fields) as Turn[]),
    }),
  };
}

function collectUses(value: unknown, path: FieldPath, uses: PlaceholderUse[]): void {
  if (typeof value === "string") {
    for (const match of value.matchAll(PLACEHOLDER)) uses.push({ field: match[1] ?? "", placeholder: match[0], path });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collectUses(item, [...path, index], uses);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) collectUses(item, [...path, key], uses);
  }
}

/** A function rebuilding `value` with placeholders filled, or `undefined` when it has none. */
function compile(value: unknown): Fill | undefined {
  if (typeof value === "string") return compileText(value);
  if (Array.isArray(value)) {
    const parts = value.map((item, index) => [index, compile(item)] as const).filter(([, fill]) => fill !== undefined);
    if (parts.length === 0) return undefined;
    return (fields) => {
      const copy = [...value];
      for (const [index, fill] of parts) copy[index] = fill?.(fields);
      return copy;
    };
  }
  if (typeof value === "object" && value !== null) {
    const parts = Object.entries(value)
      .filter(([key]) => key !== "location")
      .map(([key, item]) => [key, compile(item)] as const)
      .filter(([, fill]) => fill !== undefined);
    if (parts.length === 0) return undefined;
    return (fields) => {
      const copy: Record<string, unknown> = { ...value };
      for (const [key, fill] of parts) copy[key] = fill?.(fields);
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
  return (fields) => {
    let result = literals[0] ?? "";
    names.forEach(({ field, placeholder }, index) => {
      result +=
        (Object.hasOwn(fields, field) ? formatCaseValue(fields[field]) : placeholder) + (literals[index + 1] ?? "");
    });
    return result;
  };
}
