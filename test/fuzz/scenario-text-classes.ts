import { join } from "node:path";
import fc from "fast-check";
import { PROJECT_ROOT } from "../support/run-cli.js";
import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, deepYaml, hugeText, textWithNul, veryHugeText } from "./fuzz-values.js";
import { RawYaml, type Segments, scenarioCase, setAt } from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

/** Keys whose strings are paths, times or ids: the path and type classes own those. */
const NOT_FREE_TEXT = new Set([
  "workspace",
  "home",
  "cases",
  "session",
  "hooks",
  "systemPrompt",
  "prompt-golden",
  "custom",
  "module",
  "clock",
  "timezone",
  "models",
  "bins",
]);

/** Every string leaf of a document outside path, time and model fields. */
export function freeTextPlaces(document: unknown, at: Segments = []): Segments[] {
  if (typeof document === "string") return [at];
  if (document === null || typeof document !== "object") return [];
  const entries = Array.isArray(document)
    ? document.map((value, index) => [index, value] as const)
    : Object.entries(document);
  return entries.flatMap(([key, value]) => (NOT_FREE_TEXT.has(String(key)) ? [] : freeTextPlaces(value, [...at, key])));
}

/** A free-text place of the document; huge texts skip user messages (scenario/long-user-message has those). */
const placeOf = (document: ScenarioDocument, options: { withUserMessages?: boolean } = {}): fc.Arbitrary<Segments> => {
  const all = freeTextPlaces(document);
  const places = options.withUserMessages === false ? all.filter((at) => at.at(-1) !== "user") : all;
  return places.length > 0 ? fc.constantFrom(...places) : fc.constant(["name"]);
};

/** One free-text field (names, descriptions, script replies, tool inputs, config values) 64 to 400 KiB long. */
export function hugeStringClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = seeds.chain((document) =>
    fc
      .tuple(placeOf(document, { withUserMessages: false }), hugeText)
      .map(([at, text]) =>
        scenarioCase({ label: `${at.join(".")}: ${text.length} chars`, document: setAt(document, at, text) }),
      ),
  );
  return { name: "scenario/huge-string", category: "scenario", arbitrary };
}

/** A huge `clock` or `timezone`: refused quickly, naming the file. */
export function hugeTimeValuesClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc
    .tuple(seeds, fc.constantFrom("clock", "timezone"), fc.oneof(hugeText, veryHugeText))
    .map(([document, key, text]) =>
      scenarioCase({
        label: `${key}: ${text.length} chars`,
        document: { ...document, [key]: text },
        blame: [SCENARIO_FILE],
        exits: [2],
      }),
    );
  return { name: "scenario/huge-time-values", category: "scenario", arbitrary };
}

/** Flow collections 200 to 20 000 levels deep in config, env, tool inputs, cases or an unknown key. */
export function deepNestingClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const places: readonly Segments[] = [
    ["config"],
    ["env"],
    ["turns", 0, "script", 0, "input"],
    ["cases"],
    ["extra"],
    ["turns", 0, "expect"],
    ["faults"],
  ];
  const arbitrary = fc.tuple(seeds, fc.constantFrom(...places), deepYaml).map(([document, at, deep]) =>
    scenarioCase({
      label: `${at.join(".")}: ${deep.length} chars of nesting`,
      document: setAt(document, at, new RawYaml(deep)),
    }),
  );
  return { name: "scenario/deep-nesting", category: "scenario", arbitrary };
}

/** One to four free-text fields replaced by bidi, separators, emoji, control characters, lone surrogates. */
export function unicodeClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = seeds.chain((document) =>
    fc.array(fc.tuple(placeOf(document), anyText), { minLength: 1, maxLength: 4 }).map((changes) => {
      const changed = changes.reduce<ScenarioDocument>((current, [at, text]) => setAt(current, at, text), document);
      return scenarioCase({
        label: changes.map(([at, text]) => `${at.join(".")}=${JSON.stringify(text)}`).join(", "),
        document: changed,
      });
    }),
  );
  return { name: "scenario/unicode", category: "scenario", arbitrary };
}

/** NUL characters in free text, escaped (`"\0"`) or as raw bytes in the file. */
export function nulBytesClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = seeds.chain((document) =>
    fc.tuple(placeOf(document), textWithNul, fc.boolean()).map(([at, text, raw]) => {
      const value = raw ? new RawYaml(`a${"\u0000"}b`) : text;
      return scenarioCase({
        label: `${at.join(".")}: ${raw ? "raw NUL byte" : JSON.stringify(text)}`,
        document: setAt(document, at, value),
      });
    }),
  );
  return { name: "scenario/nul-bytes", category: "scenario", arbitrary };
}

/**
 * A user message of 150 000 to 300 000 short words in a workspace with memory notes (a pasted log,
 * a looping client): recall and memory search before the run stay fast enough for the deadline.
 */
export function longUserMessageClass(): FuzzClass {
  const workspace = join(PROJECT_ROOT, "fixtures/workspaces/personal");
  const arbitrary = fc
    .tuple(fc.integer({ min: 150_000, max: 300_000 }), fc.constantFrom("word ", "milk ", "note 2026 ", "a b c "))
    .map(([count, unit]) =>
      scenarioCase({
        label: `user message of ${count} × ${JSON.stringify(unit)}`,
        document: {
          name: "long user message",
          workspace,
          turns: [{ user: unit.repeat(count), script: [{ text: "ok" }] }],
        },
      }),
    );
  return { name: "scenario/long-user-message", category: "scenario", arbitrary };
}
