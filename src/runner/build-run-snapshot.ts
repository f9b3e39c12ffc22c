import type { RateMetric, RunResult, UnitStatus } from "../domain/index.js";
import { COMPLIANCE_CATEGORIES, isDecided } from "./build-comparison.js";

/** One unit of a run as a baseline needs it. */
export interface SnapshotUnit {
  unitId: string;
  /** Includes the case for data-driven scenarios. */
  scenarioId: string;
  model: string;
  repeat: number;
  status: UnitStatus;
}

/** A rate as counts, so its interval can be computed again: `successes` of `n` trials. */
export interface RateCount {
  model: string;
  metric: RateMetric;
  successes: number;
  n: number;
}

/** What a baseline comparison reads of a run: its units and its rates. */
export interface RunSnapshot {
  runId: string;
  startedAt: string;
  units: SnapshotUnit[];
  /** Sorted by model, then metric in {@link RATE_METRICS} order. */
  rates: RateCount[];
}

/** Every rate a run can carry, in report order: the pass rate, then the compliance categories. */
export const RATE_METRICS: readonly RateMetric[] = ["pass-rate", ...COMPLIANCE_CATEGORIES];

/**
 * The snapshot of a finished run (pure). Per model: the pass rate over units with a verdict
 * (passed, failed, errored), and, when the run has a `comparison` (`compare`), each compliance
 * category's rate over turns; rates over no trial are left out.
 */
export function buildRunSnapshot(result: RunResult): RunSnapshot {
  const units = result.units.map(({ unitId, scenarioId, model, repeat, status }) => ({
    unitId,
    scenarioId,
    model,
    repeat,
    status,
  }));
  const models = [...new Set(result.units.map((unit) => unit.model))].sort();
  const rates: RateCount[] = [];
  for (const model of models) {
    const decided = result.units.filter((unit) => unit.model === model && isDecided(unit));
    const passed = decided.filter((unit) => unit.status === "passed").length;
    if (decided.length > 0) rates.push({ model, metric: "pass-rate", successes: passed, n: decided.length });
    const entry = result.comparison?.models.find((candidate) => candidate.model === model);
    for (const category of COMPLIANCE_CATEGORIES) {
      const rate = entry?.categories[category];
      if (rate === undefined || rate.rate === null || rate.n === 0) continue;
      // The comparison keeps rate = successes / n; rounding recovers the count exactly.
      rates.push({ model, metric: category, successes: Math.round(rate.rate * rate.n), n: rate.n });
    }
  }
  return { runId: result.runId, startedAt: result.startedAt, units, rates };
}
