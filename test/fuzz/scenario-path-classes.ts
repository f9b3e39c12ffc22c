import fc from "fast-check";
import { CONFIG_PATH_KEYS, configPathValue } from "./config-path-classes.js";
import {
  CANARY_FROM_SUITE,
  CANARY_TARGETS,
  ESCAPE_PREFIX,
  escapePaths,
  SCENARIO_FILE,
  SYSTEM_TMP,
} from "./fuzz-layout.js";
import type { FuzzClass } from "./fuzz-types.js";
import { getAt, scenarioCase, setAt } from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

/** Every place a scenario names a file or folder, and how a value is put there. */
const PATH_FIELDS = {
  workspace: (document: ScenarioDocument, value: string) => ({ ...document, workspace: value }),
  home: (document: ScenarioDocument, value: string) => ({ ...document, home: value }),
  cases: (document: ScenarioDocument, value: string) => ({ ...document, cases: value }),
  session: (document: ScenarioDocument, value: string) => ({ ...document, session: value }),
  hooks: (document: ScenarioDocument, value: string) => ({ ...document, hooks: [value] }),
  golden: (document: ScenarioDocument, value: string) => ({ ...document, golden: { systemPrompt: value } }),
  "prompt-golden": (document: ScenarioDocument, value: string) => withExpectation(document, { "prompt-golden": value }),
  custom: (document: ScenarioDocument, value: string) => withExpectation(document, { custom: value }),
} as const;

type PathField = keyof typeof PATH_FIELDS;

function withExpectation(document: ScenarioDocument, expectation: Record<string, unknown>): ScenarioDocument {
  const expect = getAt(document, ["turns", 0, "expect"]);
  return setAt(document, ["turns", 0, "expect"], [...(Array.isArray(expect) ? expect : []), expectation]);
}

const ALL_FIELDS = Object.keys(PATH_FIELDS) as PathField[];

function pathCase(options: {
  seeds: fc.Arbitrary<ScenarioDocument>;
  fields: readonly PathField[];
  values: fc.Arbitrary<string>;
  invalid: boolean;
}): fc.Arbitrary<ReturnType<typeof scenarioCase>> {
  return fc.tuple(options.seeds, fc.constantFrom(...options.fields), options.values).map(([document, field, value]) =>
    scenarioCase({
      label: `${field}: ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…(${value.length} chars)` : value)}`,
      document: PATH_FIELDS[field](document, value),
      ...(options.invalid ? { blame: [SCENARIO_FILE], exits: [2] } : {}),
    }),
  );
}

/** Paths no file system can open: NUL bytes, components and whole paths past the system limits. */
const UNUSABLE_PATHS = fc.oneof(
  fc.constantFrom("ws\u0000x", "\u0000", "a/\u0000/b"),
  fc.integer({ min: 256, max: 6000 }).map((length) => "a".repeat(length)),
  fc.integer({ min: 2100, max: 3000 }).map((count) => "ab/".repeat(count)),
);

/** A path field that no file system could open: a diagnostic at its line, before anything runs. */
export function badPathTextClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = pathCase({ seeds, fields: ALL_FIELDS, values: UNUSABLE_PATHS, invalid: true });
  return { name: "scenario/bad-path-text", category: "scenario", arbitrary };
}

/** A workspace, home, hook module, cases file or session that does not exist, or is a file where a folder belongs. */
export function missingPathClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const missing = fc.constantFrom("no-such-folder", "missing/deeper", `${CANARY_FROM_SUITE}/nothing-here`);
  const folders = pathCase({
    seeds,
    fields: ["workspace", "home"],
    values: fc.oneof(missing, fc.constantFrom("s.yaml", CANARY_TARGETS.note)),
    invalid: true,
  });
  const files = pathCase({
    seeds,
    fields: ["hooks", "cases", "session"],
    values: fc.oneof(missing, fc.constant(".")),
    invalid: true,
  });
  return { name: "scenario/missing-path", category: "scenario", arbitrary: fc.oneof(folders, files) };
}

/**
 * Every path field pointing out of the input folder: at the canary tree (which exists, so it is
 * read or copied) and at targets that do not exist. Whatever the verdict, nothing outside may change.
 */
export function traversalClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const values = fc.oneof(fc.constantFrom(...escapePaths("pwned")), fc.constantFrom(...Object.values(CANARY_TARGETS)));
  return {
    name: "scenario/traversal",
    category: "scenario",
    arbitrary: pathCase({ seeds, fields: ALL_FIELDS, values, invalid: false }),
  };
}

/** `bins` entries that are not plain file names (the stubs would be written there): refused at their line. */
export function binsTraversalClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const names = fc.oneof(
    fc.constantFrom(...escapePaths("pwned")),
    fc.constantFrom("a/b", "..", ".", "/bin/sh", "x\u0000y", `${CANARY_FROM_SUITE}/bin/tool`),
  );
  const arbitrary = fc.tuple(seeds, names, fc.boolean()).map(([document, name, withPlain]) =>
    scenarioCase({
      label: `bins: ${JSON.stringify(name)}`,
      document: { ...document, bins: withPlain ? ["git", name] : [name] },
      blame: [SCENARIO_FILE],
      exits: [2],
    }),
  );
  return { name: "scenario/bins-traversal", category: "scenario", arbitrary };
}

/**
 * Config keys that name files or folders (memory index store, extra paths, skill folders,
 * workspace, repo root) pointing out of the input folder: whatever the verdict, nothing
 * outside may change.
 */
export function configPathsClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc
    .tuple(seeds, fc.constantFrom(...CONFIG_PATH_KEYS), configPathValue)
    .map(([document, at, value]) => {
      const list = at.at(-1) === "extraPaths" || at.at(-1) === "extraDirs";
      return scenarioCase({
        label: `config.${at.join(".")}: ${JSON.stringify(value)}`,
        document: setAt(document, ["config", ...at], list ? [value] : value),
      });
    });
  return { name: "scenario/config-paths", category: "scenario", arbitrary };
}

/**
 * Memory scenarios whose config puts the memory index (`memorySearch.store.path`) outside the
 * input folder, mostly at an absolute path: the index a run writes must stay in its own folders.
 */
export function memoryStorePathClass(memorySeeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const at = ["config", "agents", "defaults", "memorySearch", "store", "path"];
  const target = `${SYSTEM_TMP}/${ESCAPE_PREFIX}-pwned`;
  const values = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(target, `${target}/pwned`, `${target}/deeper/index.sqlite`) },
    { weight: 1, arbitrary: configPathValue },
  );
  const arbitrary = fc.tuple(memorySeeds, values).map(([document, value]) =>
    scenarioCase({
      label: `memorySearch.store.path: ${JSON.stringify(value)}`,
      document: setAt(document, at, value),
    }),
  );
  return { name: "scenario/memory-store-path", category: "scenario", arbitrary };
}
