import { isInsideRoot } from "../platform/is-inside-root.js";

/** What one scenario reads: files, and folders read with everything below them. */
export interface ScenarioDependencies {
  scenarioId: string;
  /** Absolute paths: the scenario file, its cases file, hook and check modules, session, golden files. */
  files: readonly string[];
  /** Absolute paths: the workspace and home folders it copies. */
  folders: readonly string[];
}

/**
 * The ids of the scenarios that a change of `changed` (absolute paths) affects: those that read
 * a changed file, or a folder holding one. In the order of `dependencies`, each once. Pure.
 */
export function findAffectedScenarios(options: {
  dependencies: readonly ScenarioDependencies[];
  changed: readonly string[];
}): string[] {
  const changed = new Set(options.changed);
  const affected = new Set<string>();
  for (const entry of options.dependencies) {
    const hit =
      entry.files.some((file) => changed.has(file)) ||
      entry.folders.some((root) => options.changed.some((path) => isInsideRoot({ root, path })));
    if (hit) affected.add(entry.scenarioId);
  }
  return [...affected];
}
