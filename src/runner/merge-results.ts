import {
  addUsage,
  ClawEvalError,
  type Diagnostic,
  formatDiagnostic,
  type RunResult,
  type RunStatus,
  type RunSummary,
  type UnitResult,
  ZERO_USAGE,
} from "../domain/index.js";
import { buildComparison } from "./build-comparison.js";

function madeModelCalls(unit: UnitResult): boolean {
  const { usage } = unit;
  if (usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens > 0) return true;
  return unit.turns.some((turn) =>
    turn.events.some((event) => event.type === "message_end" && event.message.role === "assistant"),
  );
}

/** The summary of no units: the start of {@link tallyUnit}. */
export function emptyRunSummary(): RunSummary {
  return {
    total: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    interrupted: 0,
    skipped: 0,
    usage: ZERO_USAGE,
    costUsd: 0,
    durationMs: 0,
  };
}

/**
 * `summary` with one more unit counted (pure). `costUsd` becomes, and stays, `null` once a unit
 * that made model calls has an unknown cost (a partial sum would read as a real total); units
 * that made no call (skipped, errored before the model) do not make it unknown.
 */
export function tallyUnit(summary: RunSummary, unit: UnitResult): RunSummary {
  const costUsd =
    summary.costUsd === null
      ? null
      : unit.costUsd !== null
        ? summary.costUsd + unit.costUsd
        : madeModelCalls(unit)
          ? null
          : summary.costUsd;
  return {
    ...summary,
    total: summary.total + 1,
    [unit.status]: summary[unit.status] + 1,
    usage: addUsage(summary.usage, unit.usage),
    costUsd,
    durationMs: summary.durationMs + unit.durationMs,
  };
}

/**
 * Counts, summed usage and cost of some units (see {@link tallyUnit}). `durationMs` is the sum
 * of unit durations: the runner replaces it with wall time for a live run.
 */
export function summariseUnits(units: readonly UnitResult[]): RunSummary {
  return units.reduce(tallyUnit, emptyRunSummary());
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Deterministic unit order: file, scenario (case), model, repeat, then unit id. */
export function compareUnits(a: UnitResult, b: UnitResult): number {
  return (
    a.planIndex - b.planIndex ||
    compareText(a.fileId, b.fileId) ||
    compareText(a.scenarioId, b.scenarioId) ||
    compareText(a.model, b.model) ||
    a.repeat - b.repeat ||
    compareText(a.unitId, b.unitId)
  );
}

const STATUS_RANK: Record<RunStatus, number> = { completed: 0, interrupted: 1, crashed: 2 };

function union(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

function uniqueDiagnostics(results: readonly RunResult[]): Diagnostic[] {
  const seen = new Set<string>();
  const kept: Diagnostic[] = [];
  for (const diagnostic of results.flatMap((result) => result.diagnostics)) {
    const key = `${diagnostic.severity} ${formatDiagnostic(diagnostic)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(diagnostic);
  }
  return kept;
}

export interface MergeOptions {
  /** Id of the merged run. */
  runId: string;
  /** Host wall clock, ms since the epoch; the timestamps of an empty merge. */
  now: number;
}

/**
 * Combines shards' results into one run (pure). Units keep one copy each, in
 * {@link compareUnits} order; a unit id present twice throws `ClawEvalError("invalid-input")`.
 * The summary is recomputed with {@link summariseUnits} and `durationMs` is the sum of the
 * inputs' durations (machine time). Status is the worst input status, diagnostics are
 * concatenated without exact duplicates (every shard loads the whole suite), obsolete golden
 * files are unioned and sorted, `options.paths` / `options.models` are unioned in first-seen
 * order and `shard` is dropped. When any input carries a `comparison` (shards of `compare`),
 * it is recomputed with {@link buildComparison} over the merged units and models, so sharded
 * compare runs merge into the report the unsharded run writes.
 */
export function mergeRunResults(results: readonly RunResult[], options: MergeOptions): RunResult {
  const owners = new Map<string, string>();
  for (const result of results) {
    for (const unit of result.units) {
      const owner = owners.get(unit.unitId);
      if (owner !== undefined) {
        throw new ClawEvalError(
          "invalid-input",
          `duplicate unit id ${unit.unitId} in runs ${owner} and ${result.runId}: were the same shard's results given twice?`,
        );
      }
      owners.set(unit.unitId, result.runId);
    }
  }
  const units = results.flatMap((result) => result.units).sort(compareUnits);
  const summary = summariseUnits(units);
  summary.durationMs = results.reduce((sum, result) => sum + result.summary.durationMs, 0);
  const first = results[0];
  const fallbackTime = new Date(options.now).toISOString();
  const startedAt = results.map((result) => result.startedAt).sort(compareText)[0] ?? fallbackTime;
  const finishedAt =
    results
      .map((result) => result.finishedAt)
      .sort(compareText)
      .at(-1) ?? fallbackTime;
  const status = results.reduce<RunStatus>(
    (worst, result) => (STATUS_RANK[result.status] > STATUS_RANK[worst] ? result.status : worst),
    "completed",
  );
  const { shard: _shard, ...baseOptions } = first?.options ?? { paths: [], models: [], concurrency: 1, bail: false };
  const merged: RunResult = {
    schemaVersion: 1,
    tool: first?.tool ?? { name: "claw-eval", version: "0.0.0" },
    runId: options.runId,
    startedAt,
    finishedAt,
    status,
    options: {
      ...baseOptions,
      paths: union(results.map((result) => result.options.paths)),
      models: union(results.map((result) => result.options.models)),
      bail: results.some((result) => result.options.bail),
    },
    summary,
    units,
    diagnostics: uniqueDiagnostics(results),
    obsoleteGolden: union(results.map((result) => result.obsoleteGolden)).sort(compareText),
    mergedFrom: results.map((result) => result.runId),
  };
  if (!results.some((result) => result.comparison !== undefined)) return merged;
  return { ...merged, comparison: buildComparison(merged, { models: merged.options.models }) };
}
