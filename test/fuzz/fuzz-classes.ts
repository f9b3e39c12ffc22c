import fc from "fast-check";
import { type CassetteSeed, malformedFileClass, malformedRepliesClass } from "./cassette-classes.js";
import * as config from "./config-classes.js";
import * as configPaths from "./config-path-classes.js";
import * as csv from "./csv-case-classes.js";
import type { FuzzClass } from "./fuzz-types.js";
import * as hanging from "./hanging-hook-classes.js";
import * as hooks from "./hook-classes.js";
import * as ignoreFiles from "./ignore-file-classes.js";
import * as jsonl from "./jsonl-case-classes.js";
import * as toolCalls from "./malformed-tool-call-classes.js";
import * as modelIds from "./model-id-classes.js";
import * as replies from "./model-reply-classes.js";
import * as regex from "./regex-classes.js";
import * as paths from "./scenario-path-classes.js";
import type { ScenarioSeed } from "./scenario-seeds.js";
import * as text from "./scenario-text-classes.js";
import * as types from "./scenario-type-classes.js";
import * as skills from "./skill-classes.js";
import * as yamlText from "./yaml-text-classes.js";

/** What the generators start from: the shipped scenarios and a freshly recorded cassette. */
export interface FuzzSeeds {
  scenarios: readonly ScenarioSeed[];
  cassette: CassetteSeed;
}

/** Every fuzz class, in a fixed order (the order inputs are dealt out in). Names are unique. */
export function buildFuzzClasses(seeds: FuzzSeeds): FuzzClass[] {
  const documents = fc.constantFrom(...seeds.scenarios.map((seed) => seed.document));
  const memoryDocuments = fc.constantFrom(
    ...seeds.scenarios.filter((seed) => seed.source.startsWith("memory/")).map((seed) => seed.document),
  );
  const classes = [
    types.wrongTypeClass(documents),
    types.unknownKeyClass(documents),
    modelIds.unknownModelClass(documents),
    modelIds.malformedModelIdClass(documents),
    types.hugeCountsClass(documents),
    yamlText.yamlSyntaxClass(documents),
    yamlText.bomClass(documents),
    yamlText.duplicateKeyClass(documents),
    text.hugeStringClass(documents),
    text.longUserMessageClass(),
    text.hugeTimeValuesClass(documents),
    text.deepNestingClass(documents),
    text.unicodeClass(documents),
    text.nulBytesClass(documents),
    paths.badPathTextClass(documents),
    paths.missingPathClass(documents),
    paths.traversalClass(documents),
    paths.binsTraversalClass(documents),
    paths.configPathsClass(documents),
    paths.memoryStorePathClass(memoryDocuments),
    csv.csvOddClass(),
    csv.csvInvalidClass(),
    jsonl.jsonlOddClass(),
    jsonl.jsonlDeepValuesClass(),
    jsonl.jsonlInvalidClass(),
    regex.replyMatchesInvalidClass(),
    regex.replyMatchesRandomClass(),
    regex.replyMatchesCatastrophicClass(),
    regex.grepRandomClass(),
    regex.grepCatastrophicClass(),
    skills.frontmatterOddClass(),
    skills.frontmatterInvalidClass(),
    skills.requiresNulClass(),
    ignoreFiles.gitignoreRandomClass(),
    ignoreFiles.gitignoreInvalidRangeClass(),
    config.json5SyntaxClass(),
    config.wrongValuesClass(),
    config.oddValuesClass(),
    config.deepNestingClass(),
    config.hugeSecretValuesClass(),
    configPaths.badRepoRootClass(),
    configPaths.badPathValuesClass(),
    configPaths.hugeTimezoneClass(),
    hooks.failingModulesClass(),
    hooks.poisonedThrowsClass(),
    hooks.throwingHandlersClass(),
    hanging.hangingHooksClass(),
    hanging.lingeringTimerClass(),
    malformedFileClass(seeds.cassette),
    malformedRepliesClass(seeds.cassette),
    toolCalls.scriptedMalformedClass(documents),
    replies.pathTraversalClass(documents),
    replies.faultsClass(documents),
    replies.spacelessTextClass(documents),
  ];
  const names = classes.map((entry) => entry.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw new Error(`two fuzz classes are named ${duplicate}`);
  return classes;
}
