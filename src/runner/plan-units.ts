import { ClawEvalError, formatRepeat, type Scenario } from "../domain/index.js";
import { MAX_UNITS } from "../scenarios/scenario-limits.js";
import { isScenarioSelected, type ScenarioSelection } from "./select-scenarios.js";

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

export interface PlanOptions extends ScenarioSelection {
  /** Replace every scenario's `models` (from `--model`). */
  models?: readonly string[];
  /** Replace every scenario's `repeat` (from `--repeat`). */
  repeat?: number;
  /** 1-based shard index and shard count. */
  shard?: { index: number; count: number };
}

export function unitIdOf(scenarioId: string, model: string, repeat: number): string {
  return `${scenarioId}@${model}${formatRepeat(repeat)}`;
}

function selectScenarios(scenarios: readonly Scenario[], options: PlanOptions): Scenario[] {
  return scenarios.filter((scenario) => isScenarioSelected(scenario, options));
}

function modelsOf(scenario: Scenario, options: PlanOptions): readonly string[] {
  return options.models && options.models.length > 0 ? options.models : scenario.models;
}

/** How many of `total` plan positions shard `i/n` keeps: those with position % n === i - 1. */
function shardSize(total: number, shard: PlanOptions["shard"]): number {
  if (shard === undefined) return total;
  return total >= shard.index ? Math.floor((total - shard.index) / shard.count) + 1 : 0;
}

/**
 * How many work units {@link planUnits} would return for the same input, by arithmetic alone:
 * nothing is built, so a huge `repeat` is counted at once. Pure.
 */
export function countUnits(scenarios: readonly Scenario[], options: PlanOptions = {}): number {
  let total = 0;
  for (const scenario of selectScenarios(scenarios, options)) {
    total += modelsOf(scenario, options).length * (options.repeat ?? scenario.repeat);
  }
  return shardSize(total, options.shard);
}

/**
 * Expands scenarios into work units in a deterministic order (scenario order, then models in
 * the order given, then repeats), applying filter, tags and shard. Pure. Throws an `invariant`
 * error, before building any unit, when the plan would exceed `MAX_UNITS` (callers check
 * {@link countUnits} first and report it as an input problem).
 */
export function planUnits(scenarios: readonly Scenario[], options: PlanOptions = {}): WorkUnit[] {
  const count = countUnits(scenarios, options);
  if (count > MAX_UNITS) {
    throw new ClawEvalError("invariant", `planUnits: ${count} work units exceed the limit of ${MAX_UNITS}`);
  }
  const { index: shardIndex, count: shardCount } = options.shard ?? { index: 1, count: 1 };
  const units: WorkUnit[] = [];
  let blockStart = 0;
  for (const scenario of selectScenarios(scenarios, options)) {
    const repeat = options.repeat ?? scenario.repeat;
    for (const model of modelsOf(scenario, options)) {
      // Step straight to this shard's positions, so other shards' units cost nothing.
      const first = (((shardIndex - 1 - blockStart) % shardCount) + shardCount) % shardCount;
      for (let index = first; index < repeat; index += shardCount) {
        const planIndex = blockStart + index;
        units.push({ unitId: unitIdOf(scenario.id, model, index), planIndex, scenario, model, repeat: index });
      }
      blockStart += repeat;
    }
  }
  return units;
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
