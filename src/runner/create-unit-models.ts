import type { Model } from "../domain/index.js";
import { createUnitModel, type ModelWiring, type UnitModel } from "./create-unit-model.js";
import type { WorkUnit } from "./plan-units.js";
import type { UnitEnvironment } from "./prepare-unit-environment.js";
import { withHeldTime } from "./with-held-time.js";

/** A unit's own model and the other models its run asks for by id. */
export interface UnitModels {
  /** The unit's model (`unit.model`). */
  model: Model;
  /**
   * Hook overrides, sub-agent and summariser models by id, wired like the unit's own (faults,
   * cassettes, retries); `undefined` for an id that cannot be wired. Each id is wired once.
   */
  resolveModel(id: string): Model | undefined;
  /** Finishes every model wired so far, in wiring order (writes cassettes); rejects on the first failure. */
  finish(): Promise<void>;
}

export interface CreateUnitModelsOptions {
  unit: WorkUnit;
  wiring: ModelWiring;
  environment: Pick<UnitEnvironment, "runtime" | "workspaceDir" | "homeDir">;
}

/**
 * Wires the unit's model ({@link createUnitModel}); live models stop the unit's simulated time
 * while they wait on the network. Throws when the unit's own model cannot be wired.
 */
export function createUnitModels(options: CreateUnitModelsOptions): UnitModels {
  const { unit, wiring, environment } = options;
  const paths: [string, string][] = [
    [environment.workspaceDir, "<workspace>"],
    [environment.homeDir, "~"],
  ];
  const wired: UnitModel[] = [];
  const held = (created: UnitModel): Model =>
    created.live ? withHeldTime(created.model, environment.runtime.holdTime) : created.model;
  const created = createUnitModel(unit, wiring, paths);
  if (!created.ok) throw new Error(created.error);
  wired.push(created.unit);
  const overrides = new Map<string, Model | undefined>();
  return {
    model: held(created.unit),
    resolveModel(id) {
      if (!overrides.has(id)) {
        const override = createUnitModel({ ...unit, model: id }, wiring, paths);
        if (override.ok) wired.push(override.unit);
        overrides.set(id, override.ok ? held(override.unit) : undefined);
      }
      return overrides.get(id);
    },
    async finish() {
      for (const model of wired) await model.finish();
    },
  };
}
