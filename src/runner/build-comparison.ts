import { summarizePreservation } from "../context/summarize-preservation.js";
import type {
  AgentEvent,
  AgentEventOf,
  CompactionAudit,
  CompactionComparison,
  CompactionPairComparison,
  Comparison,
  ComparisonRate,
  ComplianceCategory,
  MemoryComparison,
  ModelComparisonEntry,
  PairComparison,
  RunResult,
  TurnResult,
  UnitResult,
} from "../domain/index.js";
import { createSeededRandom, hashSeed } from "../platform/create-seeded-random.js";
import {
  buildCompactionComparison,
  buildMemoryComparison,
  clusteredWilsonInterval,
  compareModels,
  comparePreservation,
  countByCluster,
  meanPassAtK,
  meanPassHatK,
  percentile,
  type RepeatOutcome,
} from "../stats/index.js";
import { buildComplianceMeasures, clusteredShare, clusterTurns } from "./build-compliance-measures.js";

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
export function isDecided(unit: UnitResult): boolean {
  return unit.status === "passed" || unit.status === "failed" || unit.status === "errored";
}

/** A turn complies when it has no error and every one of its expectations passed. */
function complies(turn: TurnResult): boolean {
  return turn.error === undefined && turn.expectations.every((expectation) => expectation.pass);
}

/** Share of `units` that passed, Wilson 95% widened for repeats of the same scenario case. */
function passRateOf(units: readonly UnitResult[]): ComparisonRate {
  const clusters = countByCluster(units, {
    key: (unit) => unit.scenarioId,
    success: (unit) => unit.status === "passed",
  });
  return clusteredWilsonInterval({ clusters });
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

  const clustered = clusterTurns(decided);
  const categories = {} as Record<ComplianceCategory, ComparisonRate>;
  for (const category of COMPLIANCE_CATEGORIES) {
    const ofCategory = clustered.filter(({ turn }) => turn.category === category);
    categories[category] = clusteredShare(ofCategory, complies);
  }
  const measures = buildComplianceMeasures(decided);

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
    passRate: passRateOf(decided),
    k,
    passAtK: k > 1 ? meanPassAtK(groups, k) : null,
    passHatK: k > 1 ? meanPassHatK(groups, k) : null,
    costUsd,
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
  };
}

/** Units both models ran to a verdict, paired by scenario id and repeat, in `a`'s unit order. */
function pairUnits(result: RunResult, a: string, b: string): [UnitResult, UnitResult][] {
  const keyOf = (unit: UnitResult) => `${unit.scenarioId}\u0000${unit.repeat}`;
  const ofB = new Map<string, UnitResult>();
  for (const unit of result.units) if (unit.model === b && isDecided(unit)) ofB.set(keyOf(unit), unit);
  return result.units.flatMap((unit): [UnitResult, UnitResult][] => {
    const other = unit.model === a && isDecided(unit) ? ofB.get(keyOf(unit)) : undefined;
    return other === undefined ? [] : [[unit, other]];
  });
}

/** Exact McNemar on units both models ran to a verdict, the repeats of one scenario case tested together. */
function pairEntry(result: RunResult, a: string, b: string): PairComparison {
  const pairs = pairUnits(result, a, b).map(([unitA, unitB]) => ({
    aPass: unitA.status === "passed",
    bPass: unitB.status === "passed",
    cluster: unitA.scenarioId,
  }));
  const { pValue, verdict, clusters } = compareModels({ a, b, pairs });
  return { a, b, n: pairs.length, clusters, pValue, verdict };
}

function isAudit(event: AgentEvent): event is AgentEventOf<"compaction_audit"> {
  return event.type === "compaction_audit";
}

/** The unit's audited compactions, in turn and event order. */
function auditsOf(unit: UnitResult): CompactionAudit[] {
  return unit.turns.flatMap((turn) => turn.events.filter(isAudit));
}

/** The model's compaction figures over its units with a verdict, bootstrap seeded from the model id. */
function compactionEntry(result: RunResult, model: string): CompactionComparison {
  const units = result.units.filter((unit) => unit.model === model && isDecided(unit)).map(auditsOf);
  return buildCompactionComparison({ units, random: createSeededRandom(hashSeed(`compaction\u0000${model}`)) });
}

/**
 * The model's memory checks over its units with a verdict, each unit's expectations from all its
 * turns, and the memory measures of those of them that have a `memory` record.
 */
function memoryEntry(result: RunResult, model: string): MemoryComparison {
  const decided = result.units.filter((unit) => unit.model === model && isDecided(unit));
  const units = decided.map((unit) => unit.turns.flatMap((turn) => turn.expectations));
  const measures = decided.flatMap((unit) => (unit.memory === undefined ? [] : [unit.memory]));
  return buildMemoryComparison({ units, measures });
}

/** Every entry's memory, keeping `measures` only when some compared unit was measured. */
function memoryEntries(result: RunResult, models: readonly string[]): MemoryComparison[] {
  const memories = models.map((model) => memoryEntry(result, model));
  if (memories.some((memory) => (memory.measures?.units ?? 0) > 0)) return memories;
  return memories.map(({ units, checks }) => ({ units, checks }));
}

/** Sign-flip test of per-unit mean preservation on the paired units both models compacted. */
function compactionPairEntry(result: RunResult, a: string, b: string): CompactionPairComparison {
  const pairs = pairUnits(result, a, b).flatMap(([unitA, unitB]) => {
    const rateA = summarizePreservation(auditsOf(unitA)).meanRate;
    const rateB = summarizePreservation(auditsOf(unitB)).meanRate;
    return rateA === null || rateB === null ? [] : [{ a: rateA, b: rateB }];
  });
  const random = createSeededRandom(hashSeed(`compaction\u0000${a}\u0000${b}`));
  return comparePreservation({ a, b, pairs, random });
}

/** Every pair (models[i], models[j]) with i < j, in that order. */
function modelPairs(models: readonly string[]): [string, string][] {
  return models.flatMap((a, i) => models.slice(i + 1).map((b): [string, string] => [a, b]));
}

/**
 * The `comparison` of a run (pure): per model, compliance rates per category with Wilson 95%
 * bounds, the false-silence rate, the spec/loop.md §11 measures ({@link buildComplianceMeasures}),
 * the unit pass rate, pass@k and pass^k (`null` when k is 1: then both equal the pass rate),
 * total cost and turn latency percentiles; per pair of models in the given order, an exact
 * McNemar test on the units both ran. The observations of one scenario case (its turns, its
 * heartbeats, its repeats) form a cluster: the rates' bounds are widened by the clusters' design
 * effect (`clusteredWilsonInterval`) and the pair test treats each case's repeats as one unit of
 * evidence (`compareModels` with clusters). When any compared unit with a verdict compacted, every
 * model also gets `compaction` (preservation and reduction with seeded bootstrap intervals over
 * units, structure pass rate) and every pair a sign-flip test of per-unit preservation in
 * `compactionPairs`; otherwise neither field is written. The seeds derive from the model ids,
 * so the same results always give the same bytes. When any compared unit with a verdict has a
 * memory expectation or a `memory` record, every model also gets `memory` (per memory check type,
 * the share of those expectations that passed, Wilson 95%; with `measures`, the citation, index
 * and flush rates, when some unit has a record); otherwise the field is not written.
 */
export function buildComparison(result: RunResult, options: BuildComparisonOptions = {}): Comparison {
  const models = [...new Set(options.models ?? result.options.models)];
  const pairs = modelPairs(models);
  const compactions = models.map((model) => compactionEntry(result, model));
  const compacted = compactions.some((compaction) => compaction.units > 0);
  const memories = memoryEntries(result, models);
  const memoryChecked = memories.some((memory) => memory.units > 0 || memory.measures !== undefined);
  const entries = models.map((model, index): ModelComparisonEntry => {
    const entry = modelEntry(result, model);
    const compaction = compactions[index];
    const memory = memories[index];
    const withCompaction = compacted && compaction !== undefined ? { ...entry, compaction } : entry;
    return memoryChecked && memory !== undefined ? { ...withCompaction, memory } : withCompaction;
  });
  const comparison: Comparison = { models: entries, pairs: pairs.map(([a, b]) => pairEntry(result, a, b)) };
  if (!compacted) return comparison;
  return { ...comparison, compactionPairs: pairs.map(([a, b]) => compactionPairEntry(result, a, b)) };
}
