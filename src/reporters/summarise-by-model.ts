import type { RunResult, RunSummary } from "../domain/index.js";
import { summariseUnits } from "../runner/merge-results.js";

export interface ModelSummary {
  model: string;
  summary: RunSummary;
}

/**
 * One summary per model that has units: first the run's `options.models` in their order, then
 * any other model in sorted order. `durationMs` is the sum of the model's unit durations.
 */
export function summariseByModel(result: RunResult): ModelSummary[] {
  const present = new Set(result.units.map((unit) => unit.model));
  const listed = result.options.models.filter((model) => present.has(model));
  const others = [...present].filter((model) => !listed.includes(model)).sort();
  return [...new Set([...listed, ...others])].map((model) => ({
    model,
    summary: summariseUnits(result.units.filter((unit) => unit.model === model)),
  }));
}
