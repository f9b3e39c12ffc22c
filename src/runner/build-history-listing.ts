import type { ComparisonRate } from "../domain/index.js";
import { wilsonInterval } from "../stats/index.js";
import type { HistoryCommand, HistoryRun } from "./history-store.js";

/** A model's pass rate against the previous run that measured it: higher, lower or equal. */
export type HistoryTrend = "up" | "down" | "same";

/** One model of a listed run. */
export interface HistoryModelRate {
  model: string;
  /** Over the model's units with a verdict; Wilson 95%; `null` rate and bounds when `n` is 0. */
  passRate: ComparisonRate;
  /** `null` for the first run that measured the model (or when this run measured nothing). */
  trend: HistoryTrend | null;
  /** The run the trend compares with. */
  previousRunId: string | null;
}

/** One run of `claw-eval history`. */
export interface HistoryListingRun {
  runId: string;
  startedAt: string;
  finishedAt: string;
  command: HistoryCommand;
  status: string;
  units: number;
  passed: number;
  failed: number;
  errored: number;
  interrupted: number;
  skipped: number;
  models: HistoryModelRate[];
  /** Set when the run was compared with a baseline (`--baseline`). */
  baseline: { runId: string; regressions: number; improvements: number } | null;
}

/** `claw-eval history --json`: the recorded runs, oldest first. */
export interface HistoryListing {
  runs: HistoryListingRun[];
}

/**
 * The history listing (pure): each run with its pass rate per model and the trend against the
 * closest earlier run (in the given order, oldest first) that measured the same model with at
 * least one verdict. `runs` must be oldest first, as the history store lists them.
 */
export function buildHistoryListing(runs: readonly HistoryRun[]): HistoryListing {
  const lastSeen = new Map<string, { runId: string; rate: number }>();
  return {
    runs: runs.map((run) => {
      const models = run.models.map((model): HistoryModelRate => {
        const counts = run.rates.find((rate) => rate.model === model && rate.metric === "pass-rate");
        const passRate = wilsonInterval(counts?.successes ?? 0, counts?.n ?? 0);
        const previous = lastSeen.get(model);
        if (passRate.rate === null) return { model, passRate, trend: null, previousRunId: null };
        lastSeen.set(model, { runId: run.runId, rate: passRate.rate });
        if (previous === undefined) return { model, passRate, trend: null, previousRunId: null };
        const trend = passRate.rate > previous.rate ? "up" : passRate.rate < previous.rate ? "down" : "same";
        return { model, passRate, trend, previousRunId: previous.runId };
      });
      return {
        runId: run.runId,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        command: run.command,
        status: run.status,
        units: run.total,
        passed: run.passed,
        failed: run.failed,
        errored: run.errored,
        interrupted: run.interrupted,
        skipped: run.skipped,
        models,
        baseline: run.baseline ?? null,
      };
    }),
  };
}
