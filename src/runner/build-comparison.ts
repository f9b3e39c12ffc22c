import type {
  Comparison,
  ComparisonRate,
  ComplianceCategory,
  ModelComparisonEntry,
  PairComparison,
  RunResult,
  TurnResult,
  UnitResult,
} from "../domain/index.js";
import {
  compareModels,
  meanPassAtK,
  meanPassHatK,
  percentile,
  type RepeatOutcome,
  wilsonInterval,
} from "../stats/index.js";
import { buildComplianceMeasures } from "./build-compliance-measures.js";

export const COMPLIANCE_CATEGORIES: readonly ComplianceCategory[] = [
  "quiet",
  "alert",
  "silent-expected",
  "reply-expected",
];

export interface BuildComparisonOptions {
  /** Models in the order to report and pair them; default `result.options.models`. */
  models?: readonly string[];
}

/** Units that ran to a verdict: interrupted and skipped units count nowhere. */
function isDecided(unit: UnitResult): boolean {
  return unit.status === "passed" || unit.status === "failed" || unit.status === "errored";
}

/** A turn complies when it has no error and every one of its expectations passed. */
function complies(turn: TurnResult): boolean {
  return turn.error === undefined && turn.expectations.every((expectation) => expectation.pass);
}

function rateOf(successes: number, n: number): ComparisonRate {
  return wilsonInterval(successes, n);
}

/**
 * The repeat count k: `result.options.repeat` when given, else the most decided repeats any
 * scenario of the model has (a scenario file's own `repeat`).
 */
function repeatCountOf(result: RunResult, groups: readonly RepeatOutcome[]): number {
  if (result.options.repeat !== undefined) return result.options.repeat;
  return groups.reduce((largest, group) => Math.max(largest, group.runs), 1);
}

function modelEntry(result: RunResult, model: string): ModelComparisonEntry {
  const units = result.units.filter((unit) => unit.model === model);
  const decided = units.filter(isDecided);
  const turns = decided.flatMap((unit) => unit.turns);

  const categories = {} as Record<ComplianceCategory, ComparisonRate>;
  for (const category of COMPLIANCE_CATEGORIES) {
    const ofCategory = turns.filter((turn) => turn.category === category);
    categories[category] = rateOf(ofCategory.filter(complies).length, ofCategory.length);
  }
  const measures = buildComplianceMeasures(turns);

  const byScenario = new Map<string, RepeatOutcome>();
  for (const unit of decided) {
    const group = byScenario.get(unit.scenarioId) ?? { runs: 0, passes: 0 };
    byScenario.set(unit.scenarioId, {
      runs: group.runs + 1,
      passes: group.passes + (unit.status === "passed" ? 1 : 0),
    });
  }
  const groups = [...byScenario.values()];
  const k = repeatCountOf(result, groups);

  const costUsd = units.some((unit) => unit.costUsd === null)
    ? null
    : units.reduce((sum, unit) => sum + (unit.costUsd ?? 0), 0);
  const latencies = turns.map((turn) => turn.latencyMs);
  return {
    model,
    categories,
    falseSilence: measures.falseSilence,
    measures,
    passRate: rateOf(decided.filter((unit) => unit.status === "passed").length, decided.length),
    k,
    passAtK: k > 1 ? meanPassAtK(groups, k) : null,
    passHatK: k > 1 ? meanPassHatK(groups, k) : null,
    costUsd,
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
  };
}

/** Exact McNemar on units both models ran to a verdict, paired by scenario id and repeat. */
function pairEntry(result: RunResult, a: string, b: string): PairComparison {
  const keyOf = (unit: UnitResult) => `${unit.scenarioId}\u0000${unit.repeat}`;
  const ofB = new Map<string, UnitResult>();
  for (const unit of result.units) if (unit.model === b && isDecided(unit)) ofB.set(keyOf(unit), unit);
  const pairs: { aPass: boolean; bPass: boolean }[] = [];
  for (const unit of result.units) {
    if (unit.model !== a || !isDecided(unit)) continue;
    const other = ofB.get(keyOf(unit));
    if (other === undefined) continue;
    pairs.push({ aPass: unit.status === "passed", bPass: other.status === "passed" });
  }
  const { pValue, verdict } = compareModels({ a, b, pairs });
  return { a, b, n: pairs.length, pValue, verdict };
}

/**
 * The `comparison` of a run (pure): per model, compliance rates per category with Wilson 95%
 * bounds, the false-silence rate, the spec/loop.md §11 measures ({@link buildComplianceMeasures}),
 * the unit pass rate, pass@k and pass^k (`null` when k is 1: then both equal the pass rate),
 * total cost and turn latency percentiles; per pair of models in the given order, an exact
 * McNemar test on the units both ran.
 */
export function buildComparison(result: RunResult, options: BuildComparisonOptions = {}): Comparison {
  const models = [...new Set(options.models ?? result.options.models)];
  const pairs: PairComparison[] = [];
  for (let i = 0; i < models.length; i++) {
    for (let j = i + 1; j < models.length; j++) {
      const a = models[i];
      const b = models[j];
      if (a !== undefined && b !== undefined) pairs.push(pairEntry(result, a, b));
    }
  }
  return { models: models.map((model) => modelEntry(result, model)), pairs };
}
