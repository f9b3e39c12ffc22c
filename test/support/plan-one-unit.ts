import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { HostFileSystem } from "../../src/domain/index.js";
import { planUnits, type WorkUnit } from "../../src/runner/plan-units.js";
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
