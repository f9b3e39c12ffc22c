import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { HostFileSystem, UnitResult } from "../../src/domain/index.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { planUnits, type WorkUnit } from "../../src/runner/plan-units.js";
import { runUnit } from "../../src/runner/run-unit.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";

/**
 * Writes `lines` as `<dir>/unit.yaml` (and each of `files` beside it), loads it with no
 * diagnostics expected, and returns its only work unit.
 */
export async function planOneUnit(
  dir: string,
  lines: readonly string[],
  files: Record<string, string> = {},
): Promise<WorkUnit> {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  writeFileSync(join(dir, "unit.yaml"), `${lines.join("\n")}\n`);
  const loaded = await loadScenarios({ paths: [join(dir, "unit.yaml")], cwd: dir });
  expect(loaded.diagnostics).toEqual([]);
  const [unit] = planUnits(loaded.scenarios);
  if (unit === undefined) throw new Error("the scenario planned no unit");
  return unit;
}

/** Records every temp folder `fs` makes from now on, in order, in the returned list. */
export function recordTempDirectories(fs: HostFileSystem): string[] {
  const made: string[] = [];
  const makeTempDirectory = fs.makeTempDirectory.bind(fs);
  fs.makeTempDirectory = async (prefix, parent) => {
    const path = await makeTempDirectory(prefix, parent);
    made.push(path);
    return path;
  };
  return made;
}

/**
 * Runs a unit planned by {@link planOneUnit} in `dir` with a test host, no abort and no module
 * imports allowed (a scenario that imports a module fails loudly).
 */
export function runPlannedUnit(unit: WorkUnit, dir: string): Promise<UnitResult> {
  return runUnit({
    unit,
    host: createTestHost({ cwd: dir }),
    signal: new AbortController().signal,
    importModule: async (path) => {
      throw new Error(`unexpected import of ${path}`);
    },
    displayFile: "unit.yaml",
  });
}
