import type { Scenario } from "../domain/index.js";

/** One (scenario case, model, repeat) to run. */
export interface WorkUnit {
  unitId: string;
  /** Position in the plan before sharding. */
  planIndex: number;
  scenario: Scenario;
  model: string;
  /** 0-based. */
  repeat: number;
}

export interface PlanOptions {
  /** Replace every scenario's `models` (from `--model`). */
  models?: readonly string[];
  /** Replace every scenario's `repeat` (from `--repeat`). */
  repeat?: number;
  /** Case-insensitive substring of the scenario id or name. */
  filter?: string;
  /** Keep scenarios with at least one of these tags. */
  tags?: readonly string[];
  /** 1-based shard index and shard count. */
  shard?: { index: number; count: number };
}

export function unitIdOf(scenarioId: string, model: string, repeat: number): string {
  return `${scenarioId}@${model}~${repeat + 1}`;
}

/**
 * Expands scenarios into work units in a deterministic order (scenario order, then models in
 * the order given, then repeats), applying filter, tags and shard. Pure.
 */
export function planUnits(scenarios: readonly Scenario[], options: PlanOptions = {}): WorkUnit[] {
  const filter = options.filter?.toLowerCase();
  const units: WorkUnit[] = [];
  for (const scenario of scenarios) {
    if (filter && !scenario.id.toLowerCase().includes(filter) && !scenario.name.toLowerCase().includes(filter))
      continue;
    if (options.tags && options.tags.length > 0 && !options.tags.some((tag) => scenario.tags.includes(tag))) continue;
    const models = options.models && options.models.length > 0 ? options.models : scenario.models;
    const repeat = options.repeat ?? scenario.repeat;
    for (const model of models) {
      for (let index = 0; index < repeat; index++) {
        units.push({
          unitId: unitIdOf(scenario.id, model, index),
          planIndex: units.length,
          scenario,
          model,
          repeat: index,
        });
      }
    }
  }
  const shard = options.shard;
  if (shard === undefined) return units;
  return units.filter((_, index) => index % shard.count === shard.index - 1);
}

/** Parses `i/n` with 1 ≤ i ≤ n. */
export function parseShard(text: string): { index: number; count: number } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) return undefined;
  return { index, count };
}
