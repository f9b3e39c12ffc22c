import type { BaselineChange, RateChange, RunRegressions, UnitChange, UnitStatus } from "../domain/index.js";
import { wilsonInterval } from "../stats/index.js";
import { RATE_METRICS, type RateCount, type RunSnapshot, type SnapshotUnit } from "./build-run-snapshot.js";

const FAILING: readonly UnitStatus[] = ["failed", "errored"];

function unitKey(unit: Pick<SnapshotUnit, "scenarioId" | "model" | "repeat">): string {
  return `${unit.scenarioId}\u0000${unit.model}\u0000${unit.repeat}`;
}

function rateKey(rate: Pick<RateCount, "model" | "metric">): string {
  return `${rate.model}\u0000${rate.metric}`;
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareUnitChanges(a: UnitChange, b: UnitChange): number {
  return byText(a.scenarioId, b.scenarioId) || byText(a.model, b.model) || a.repeat - b.repeat;
}

function compareRateChanges(a: RateChange, b: RateChange): number {
  return byText(a.model, b.model) || RATE_METRICS.indexOf(a.metric) - RATE_METRICS.indexOf(b.metric);
}

function unitChange(unit: SnapshotUnit, before: SnapshotUnit): UnitChange {
  const { unitId, scenarioId, model, repeat } = unit;
  return { kind: "unit", unitId, scenarioId, model, repeat, before: before.status, after: unit.status };
}

/**
 * `current` against `baseline` (pure). Units are matched by scenario id (which includes the
 * case), model and repeat. A unit regresses when it passed in the baseline and now failed or
 * errored, and improves on the reverse; interrupted and skipped units change nothing. A rate
 * (same model and metric, `n` > 0 on both sides) regresses when its Wilson 95% interval now lies
 * entirely below the baseline's (this run's upper bound under the baseline's lower bound), and
 * improves when it lies entirely above. Changes are sorted: units by scenario id, model and
 * repeat, then rates by model and metric.
 */
export function compareWithBaseline(options: { current: RunSnapshot; baseline: RunSnapshot }): RunRegressions {
  const { current, baseline } = options;
  const before = new Map(baseline.units.map((unit) => [unitKey(unit), unit]));
  const currentKeys = new Set(current.units.map(unitKey));
  const unitRegressions: UnitChange[] = [];
  const unitImprovements: UnitChange[] = [];
  let unitsCompared = 0;
  for (const unit of current.units) {
    const earlier = before.get(unitKey(unit));
    if (earlier === undefined) continue;
    unitsCompared++;
    if (earlier.status === "passed" && FAILING.includes(unit.status)) unitRegressions.push(unitChange(unit, earlier));
    if (FAILING.includes(earlier.status) && unit.status === "passed") unitImprovements.push(unitChange(unit, earlier));
  }

  const baselineRates = new Map(baseline.rates.map((rate) => [rateKey(rate), rate]));
  const rateRegressions: RateChange[] = [];
  const rateImprovements: RateChange[] = [];
  for (const rate of current.rates) {
    const earlier = baselineRates.get(rateKey(rate));
    if (earlier === undefined || earlier.n === 0 || rate.n === 0) continue;
    const change: RateChange = {
      kind: "rate",
      model: rate.model,
      metric: rate.metric,
      before: wilsonInterval(earlier.successes, earlier.n),
      after: wilsonInterval(rate.successes, rate.n),
    };
    const { before: was, after: now } = change;
    if (was.low === null || was.high === null || now.low === null || now.high === null) continue;
    if (now.high < was.low) rateRegressions.push(change);
    if (now.low > was.high) rateImprovements.push(change);
  }

  const sorted = (units: UnitChange[], rates: RateChange[]): BaselineChange[] => [
    ...units.sort(compareUnitChanges),
    ...rates.sort(compareRateChanges),
  ];
  return {
    baseline: { runId: baseline.runId, startedAt: baseline.startedAt },
    unitsCompared,
    unitsNew: current.units.length - unitsCompared,
    unitsMissing: baseline.units.filter((unit) => !currentKeys.has(unitKey(unit))).length,
    regressions: sorted(unitRegressions, rateRegressions),
    improvements: sorted(unitImprovements, rateImprovements),
  };
}

/** Whether the comparison found any regression. */
export function hasRegressions(regressions: RunRegressions | undefined): boolean {
  return (regressions?.regressions.length ?? 0) > 0;
}
