import type { UnitResult } from "../domain/index.js";
import type { WorkUnit } from "./plan-units.js";

export type UnitIdentity = Pick<
  UnitResult,
  "unitId" | "planIndex" | "scenarioId" | "fileId" | "caseId" | "scenarioName" | "file" | "tags" | "model" | "repeat"
>;

/** The fields that name a unit in its result. `displayFile` is the scenario path as reported. */
export function unitIdentity(unit: WorkUnit, displayFile: string): UnitIdentity {
  const scenario = unit.scenario;
  return {
    unitId: unit.unitId,
    planIndex: unit.planIndex,
    scenarioId: scenario.id,
    fileId: scenario.fileId,
    ...(scenario.caseId === undefined ? {} : { caseId: scenario.caseId }),
    scenarioName: scenario.name,
    file: displayFile,
    tags: scenario.tags,
    model: unit.model,
    repeat: unit.repeat,
  };
}
