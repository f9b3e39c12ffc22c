import fc from "fast-check";
import { SCENARIO_KEYS, TURN_KEYS } from "../../src/scenarios/index.js";
import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, anyValue, nearMiss, type ValueKind, valueNotOf } from "./fuzz-values.js";
import {
  getAt,
  invalidScenario,
  renderYaml,
  type Segments,
  scenarioCase,
  setAt,
  turnCount,
} from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

/** What each typed field of a scenario accepts, by YAML kind; any other kind is invalid. */
const TOP_KINDS: Readonly<Record<string, readonly ValueKind[]>> = {
  name: ["string"],
  description: ["string"],
  tags: ["list"],
  workspace: ["string"],
  config: ["mapping"],
  env: ["mapping"],
  clock: ["string"],
  timezone: ["string"],
  models: ["list"],
  repeat: ["number"],
  hooks: ["list"],
  faults: ["mapping"],
  home: ["string"],
  bins: ["list"],
  golden: ["mapping"],
  timeout: ["number"],
  maxSteps: ["number"],
  cases: ["string", "list"],
  summaries: ["list"],
  contextWindow: ["number"],
  session: ["string"],
  turns: ["list"],
};
const TURN_KINDS: Readonly<Record<string, readonly ValueKind[]>> = {
  "": ["mapping"],
  script: ["list"],
  expect: ["list"],
  approvals: ["list"],
  summaries: ["list"],
};
const STEP_KINDS: Readonly<Record<string, readonly ValueKind[]>> = {
  text: ["string"],
  tool: ["string"],
  input: ["mapping"],
};

/** Typed places of a document, with what they accept: top-level keys, turns, existing script step fields. */
function typedPlaces(document: ScenarioDocument): { at: Segments; kinds: readonly ValueKind[] }[] {
  const places: { at: Segments; kinds: readonly ValueKind[] }[] = [];
  for (const [key, kinds] of Object.entries(TOP_KINDS)) places.push({ at: [key], kinds });
  for (let turn = 0; turn < turnCount(document); turn += 1) {
    for (const [key, kinds] of Object.entries(TURN_KINDS))
      places.push({ at: key === "" ? ["turns", turn] : ["turns", turn, key], kinds });
    const script = getAt(document, ["turns", turn, "script"]);
    (Array.isArray(script) ? script : []).forEach((step, index) => {
      for (const [key, kinds] of Object.entries(STEP_KINDS)) {
        if (step !== null && typeof step === "object" && key in step)
          places.push({ at: ["turns", turn, "script", index, key], kinds });
      }
    });
  }
  return places;
}

/** Shipped scenarios with one typed field given a value of another kind: always a diagnostic. */
export function wrongTypeClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = seeds.chain((document) => {
    const places = typedPlaces(document);
    return fc
      .constantFrom(...places)
      .chain((place) =>
        valueNotOf(place.kinds).map((value) =>
          invalidScenario(
            `${place.at.join(".")} = ${JSON.stringify(value)?.slice(0, 60)}`,
            setAt(document, place.at, value),
          ),
        ),
      );
  });
  return { name: "scenario/wrong-type", category: "scenario", arbitrary };
}

/** Places whose keys are a closed set, with that set. */
function strictPlaces(document: ScenarioDocument): { at: Segments; keys: readonly string[] }[] {
  const places: { at: Segments; keys: readonly string[] }[] = [{ at: [], keys: SCENARIO_KEYS }];
  for (let turn = 0; turn < turnCount(document); turn += 1) {
    if (getAt(document, ["turns", turn]) !== undefined) places.push({ at: ["turns", turn], keys: TURN_KEYS });
    const script = getAt(document, ["turns", turn, "script"]);
    (Array.isArray(script) ? script : []).forEach((_step, index) => {
      places.push({ at: ["turns", turn, "script", index], keys: ["text", "tool", "input", "tools", "error", "hang"] });
    });
  }
  if (getAt(document, ["golden"]) !== undefined) places.push({ at: ["golden"], keys: ["systemPrompt"] });
  return places;
}

/** A key no closed mapping allows (a near miss of a real one, or any text) at a strict place. */
export function unknownKeyClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = seeds.chain((document) =>
    fc.constantFrom(...strictPlaces(document)).chain((place) =>
      fc
        .tuple(fc.oneof(fc.constantFrom(...place.keys).chain(nearMiss), anyText), anyValue)
        .filter(([key]) => !place.keys.includes(key) && key !== "__proto__" && key !== "")
        .map(([key, value]) =>
          invalidScenario(
            `unknown key ${JSON.stringify(key)} at ${place.at.join(".") || "top"}`,
            setAt(document, [...place.at, key], value),
          ),
        ),
    ),
  );
  return { name: "scenario/unknown-key", category: "scenario", arbitrary };
}

/**
 * Counts far past anything runnable: `repeat`, inline cases and cases files of a million rows.
 * Each must be refused with a limit before units are expanded.
 */
export function hugeCountsClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const repeat = fc
    .constantFrom(1_000_000, 1_000_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER)
    .map((count) => ({ count, where: "repeat" as const }));
  const casesFile = fc.constantFrom(1_000_000, 2_000_000).map((count) => ({ count, where: "cases file" as const }));
  const arbitrary = fc.tuple(seeds, fc.oneof(repeat, casesFile)).map(([document, { count, where }]) => {
    const { cases: _cases, ...rest } = document;
    if (where === "repeat") return invalidScenario(`repeat: ${count}`, { ...rest, repeat: count });
    const rows = '{"n":1}\n'.repeat(count);
    return scenarioCase({
      label: `${count} rows in suite/cases.jsonl`,
      document: renderYaml({ ...rest, cases: "cases.jsonl" }),
      files: [{ path: "suite/cases.jsonl", content: rows }],
      blame: [SCENARIO_FILE, "suite/cases.jsonl"],
      exits: [2],
    });
  });
  return { name: "scenario/huge-counts", category: "scenario", arbitrary };
}
