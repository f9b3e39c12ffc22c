import { dirname, relative, resolve } from "node:path";
import type { Host } from "../domain/index.js";
import { watchPaths } from "../platform/watch-paths.js";
import { loadScenarios } from "../scenarios/load-scenarios.js";
import type { RunInputs } from "./apply-config-file.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { discoverCasesFiles } from "./discover-cases-files.js";
import { findAffectedScenarios, type ScenarioDependencies } from "./find-affected-scenarios.js";
import { listScenarioDependencies } from "./list-scenario-dependencies.js";
import { CONFIG_DEFAULTS } from "./run-option-table.js";

/** Quiet time after the last change before a re-run starts, ms (an editor's save is several events). */
export const WATCH_DEBOUNCE_MS = 200;

/** The characters that make a path a glob. */
const GLOB_CHARACTER = /[*?[\]{}!]/;

/** Where an input path is watched: itself, or for a glob the folder before its first glob character. */
function watchedInput(cwd: string, input: string): string {
  const absolute = resolve(cwd, input);
  const glob = absolute.search(GLOB_CHARACTER);
  return glob < 0 ? absolute : dirname(`${absolute.slice(0, glob)}x`);
}

/** Every valid scenario's dependencies, and whether some file has an error (then the run prints it). */
async function loadDependencies(
  host: Host,
  paths: readonly string[],
): Promise<{ dependencies: ScenarioDependencies[]; invalid: boolean }> {
  const loaded = await loadScenarios({ paths: [...paths], cwd: host.cwd });
  const cases = await discoverCasesFiles({ fs: host.fs, scenarios: loaded.scenarios });
  return {
    dependencies: loaded.scenarios.map((scenario) => listScenarioDependencies(scenario, cases.get(scenario.file))),
    invalid: loaded.diagnostics.some((diagnostic) => diagnostic.severity === "error"),
  };
}

function watchedPaths(host: Host, inputs: RunInputs, dependencies: readonly ScenarioDependencies[]): string[] {
  const paths = new Set(inputs.paths.map((input) => watchedInput(host.cwd, input)));
  for (const entry of dependencies) for (const path of [...entry.files, ...entry.folders]) paths.add(path);
  return [...paths].sort();
}

/**
 * `--watch`: runs once, then waits for changes to the files the scenarios read (scenario and
 * cases files, workspaces, hook and check modules, sessions, golden files) and re-runs only the
 * scenarios a change affects, until Ctrl-C (`context.signal`). Changes are taken in batches
 * after {@link WATCH_DEBOUNCE_MS} of quiet. Resolves the last run's exit code.
 */
export async function watchRuns(options: {
  inputs: RunInputs;
  context: CommandContext;
  /** One run: every scenario, or only the ids given. */
  run: (only: ReadonlySet<string> | undefined) => Promise<number>;
}): Promise<number> {
  const { inputs, context } = options;
  const { host } = context;
  const shown = (path: string): string => relative(host.cwd, path) || path;
  let { dependencies } = await loadDependencies(host, inputs.paths);
  const watcher = await watchPaths({
    paths: watchedPaths(host, inputs, dependencies),
    debounceMs: WATCH_DEBOUNCE_MS,
    ignore: [resolve(host.cwd, inputs.flags.out ?? CONFIG_DEFAULTS.out)],
  });
  try {
    let exitCode = await options.run(undefined);
    while (!context.signal.aborted) {
      host.stdout("\nWatching for changes (Ctrl-C to stop)\n");
      const changed = await watcher.next(context.signal);
      if (changed === undefined) break;
      host.stdout(`\nchanged: ${changed.map(shown).join(", ")}\n`);
      const before = findAffectedScenarios({ dependencies, changed });
      const reloaded = await loadDependencies(host, inputs.paths);
      dependencies = reloaded.dependencies;
      watcher.add(watchedPaths(host, inputs, dependencies));
      const present = new Set(dependencies.map((entry) => entry.scenarioId));
      const affected = new Set([
        ...before.filter((id) => present.has(id)),
        ...findAffectedScenarios({ dependencies, changed }),
      ]);
      if (affected.size === 0 && !reloaded.invalid) {
        host.stdout("no scenario reads these files: nothing to re-run\n");
        continue;
      }
      // With an invalid file the run prints its problems and runs nothing.
      host.stdout(`re-running ${affected.size} scenario(s): ${[...affected].join(", ")}\n\n`);
      exitCode = await rerun(context, () => options.run(affected));
    }
    return exitCode;
  } finally {
    await watcher.close();
  }
}

/** A re-run whose input became invalid (a usage error) prints it and keeps watching. */
async function rerun(context: CommandContext, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    context.host.stderr(`claw-eval: ${error.message}\n`);
    return EXIT.invalid;
  }
}
