import { relative } from "node:path";
import type { FileSystem, Scenario } from "../domain/index.js";
import { findObsoleteGolden, goldenFoldersOf, listGoldenFiles } from "../golden/index.js";

/** Absolute golden files a scenario checks: `golden.systemPrompt` and every `prompt-golden`, in order. Pure. */
export function goldenFilesOf(scenario: Scenario): string[] {
  const files = scenario.golden?.systemPrompt === undefined ? [] : [scenario.golden.systemPrompt];
  for (const turn of scenario.turns) {
    for (const expectation of turn.expect) if (expectation.type === "prompt-golden") files.push(expectation.file);
  }
  return [...new Set(files)];
}

/**
 * Golden files that none of `scenarios` uses: the `.md` files directly in a folder that holds a
 * golden file the scenarios use, minus the ones they use. Relative to `cwd`, sorted. Meaningful
 * only when `scenarios` is a whole suite (no filter, tag or shard).
 */
export async function findObsoleteGoldenFiles(options: {
  scenarios: readonly Scenario[];
  fs: FileSystem;
  cwd: string;
}): Promise<string[]> {
  const referenced = [...new Set(options.scenarios.flatMap(goldenFilesOf))];
  const present: string[] = [];
  for (const folder of goldenFoldersOf(referenced))
    present.push(...(await listGoldenFiles({ fs: options.fs, folder })));
  return findObsoleteGolden({ referenced, present })
    .map((file) => relative(options.cwd, file) || file)
    .sort();
}
