import YAML from "yaml";
import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzCase, FuzzFile } from "./fuzz-types.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

/** A path into a document: keys and list indexes. */
export type Segments = readonly (string | number)[];

/**
 * A value that is written into the YAML text as it is, after the document is rendered: deep
 * flow collections, raw NUL bytes, anything a YAML writer would quote or refuse.
 */
export class RawYaml {
  constructor(readonly text: string) {}
}

/** The CLI arguments that run one scenario file: its own report folder, a fallback unit timeout. */
export function runArgv(path: string = SCENARIO_FILE, extra: readonly string[] = []): string[] {
  return ["run", path, "--out", "out", "--timeout", "5", "--concurrency", "2", ...extra];
}

/** The value at `segments`, or undefined. */
export function getAt(document: unknown, segments: Segments): unknown {
  let node = document;
  for (const segment of segments) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** A deep copy that keeps `RawYaml` values (structuredClone would turn them into plain objects). */
export function cloneDocument<T>(value: T): T {
  if (value instanceof RawYaml || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(cloneDocument) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneDocument(item)])) as T;
}

/** A copy of `document` with `value` at `segments` (creating mappings on the way). */
export function setAt<T>(document: T, segments: Segments, value: unknown): T {
  const copy = cloneDocument(document);
  let node = copy as Record<string | number, unknown>;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (next === null || typeof next !== "object") node[segment] = typeof segments[index + 1] === "number" ? [] : {};
    node = node[segment] as Record<string | number, unknown>;
  });
  return copy;
}

/** YAML text of a document; `RawYaml` values anywhere in it are spliced in verbatim. */
export function renderYaml(document: unknown): string {
  const raws: string[] = [];
  const swap = (value: unknown): unknown => {
    if (value instanceof RawYaml) {
      raws.push(value.text);
      return `__fuzz_raw_${raws.length - 1}__`;
    }
    if (Array.isArray(value)) return value.map(swap);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swap(item)]));
    }
    return value;
  };
  const text = YAML.stringify(swap(document), { lineWidth: 0, minContentWidth: 0 });
  return text.replace(/__fuzz_raw_(\d+)__/g, (_match, index: string) => raws[Number(index)] ?? "");
}

/** The `FuzzCase` that runs a scenario document (plus other files) with `claw-eval run`. */
export function scenarioCase(options: {
  label: string;
  document: ScenarioDocument | string;
  files?: readonly FuzzFile[];
  blame?: readonly string[];
  exits?: readonly number[];
  argv?: readonly string[];
}): FuzzCase {
  const text = typeof options.document === "string" ? options.document : renderYaml(options.document);
  return {
    label: options.label,
    files: [{ path: SCENARIO_FILE, content: text }, ...(options.files ?? [])],
    argv: [...(options.argv ?? runArgv())],
    ...(options.blame === undefined ? {} : { blame: options.blame }),
    ...(options.exits === undefined ? {} : { exits: options.exits }),
  };
}

/** Turn indexes of a document (at least one, so mutations can always target turn 0). */
export function turnCount(document: ScenarioDocument): number {
  return Array.isArray(document.turns) && document.turns.length > 0 ? document.turns.length : 1;
}

/** A scenario that is bad on purpose: exit 2 with a diagnostic naming the scenario file. */
export function invalidScenario(label: string, document: ScenarioDocument): FuzzCase {
  return scenarioCase({ label, document, blame: [SCENARIO_FILE], exits: [2] });
}
