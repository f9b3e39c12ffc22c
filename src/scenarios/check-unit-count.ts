import type { Diagnostic, ScenarioFile } from "../domain/index.js";
import type { LocateField } from "./locate-yaml-node.js";
import { MAX_UNITS } from "./scenario-limits.js";

export interface CheckUnitCountOptions {
  scenarioFile: ScenarioFile;
  /** Cases of the file (1 when it has none). */
  caseCount: number;
  /** File name in diagnostics. */
  file: string;
  /** Position of the key holding a value. */
  locateKey: LocateField;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * One diagnostic when the file alone asks for more than {@link MAX_UNITS} work units (cases x
 * models x repeat), at `repeat` when written, else `models`, else `cases`; none otherwise.
 * Counted by arithmetic, before any scenario or unit is built. Pure.
 */
export function checkUnitCount(options: CheckUnitCountOptions): Diagnostic[] {
  const { scenarioFile, caseCount } = options;
  const models = scenarioFile.models?.length ?? 1;
  const repeat = scenarioFile.repeat ?? 1;
  const units = caseCount * models * repeat;
  if (units <= MAX_UNITS) return [];
  const key = scenarioFile.repeat !== undefined ? "repeat" : scenarioFile.models !== undefined ? "models" : "cases";
  const found = `${plural(caseCount, "case")} x ${plural(models, "model")} x ${plural(repeat, "repeat")} = ${units} work units`;
  return [
    {
      file: options.file,
      ...options.locateKey([key]),
      path: key,
      expected: `at most ${MAX_UNITS} work units (cases x models x repeat) per scenario file`,
      found,
      severity: "error",
    },
  ];
}
