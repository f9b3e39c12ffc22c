import Database from "better-sqlite3";
import { ClawEvalError, type RunResult, type RunSummary, type UnitStatus } from "../domain/index.js";
import { buildRunSnapshot, RATE_METRICS, type RateCount, type RunSnapshot } from "./build-run-snapshot.js";
import { HISTORY_MIGRATIONS } from "./history-migrations.js";

/** The schema version this build writes and reads (SQLite `user_version`). */
export const HISTORY_SCHEMA_VERSION = HISTORY_MIGRATIONS.length;

/** A unit's outcome in an earlier run, newest first. */
export interface HistoryEntry {
  runId: string;
  startedAt: string;
  status: string;
  durationMs: number;
}

/** Which command recorded a run. */
export type HistoryCommand = "run" | "compare" | "merge";

/** One recorded run, as `claw-eval history` lists it. */
export interface HistoryRun
  extends Pick<RunSummary, "total" | "passed" | "failed" | "errored" | "interrupted" | "skipped"> {
  runId: string;
  startedAt: string;
  finishedAt: string;
  command: HistoryCommand;
  status: string;
  /** Model ids of the run, sorted. */
  models: string[];
  /** The run's rates as counts (pass rate per model; per category too for `compare`). */
  rates: RateCount[];
  /** Set when the run was compared with a baseline. */
  baseline?: { runId: string; regressions: number; improvements: number };
}

const UNIT_STATUSES: readonly UnitStatus[] = ["passed", "failed", "errored", "interrupted", "skipped"];
const COMMANDS: readonly HistoryCommand[] = ["run", "compare", "merge"];

function commandOf(result: RunResult): HistoryCommand {
  if (result.mergedFrom !== undefined) return "merge";
  return result.comparison === undefined ? "run" : "compare";
}

function byRateOrder(a: RateCount, b: RateCount): number {
  if (a.model !== b.model) return a.model < b.model ? -1 : 1;
  return RATE_METRICS.indexOf(a.metric) - RATE_METRICS.indexOf(b.metric);
}

/**
 * Brings the database to {@link HISTORY_SCHEMA_VERSION}, one migration at a time, inside one
 * write transaction (so two runs finishing together migrate once). A database written by a newer
 * claw-eval is refused with an error that says what to do.
 */
function migrate(db: Database.Database, path: string): void {
  const versionOf = () => db.pragma("user_version", { simple: true }) as number;
  const refuseNewer = (version: number) => {
    if (version <= HISTORY_SCHEMA_VERSION) return;
    throw new ClawEvalError(
      "invalid-input",
      `${path}: history schema version ${version} is newer than this claw-eval reads (up to ${HISTORY_SCHEMA_VERSION}); use a newer claw-eval, or give --out another folder`,
    );
  };
  refuseNewer(versionOf());
  if (versionOf() === HISTORY_SCHEMA_VERSION) return;
  db.transaction(() => {
    const version = versionOf();
    refuseNewer(version);
    for (const migration of HISTORY_MIGRATIONS.slice(version)) db.exec(migration);
    db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION}`);
  }).immediate();
}

/**
 * Run history in SQLite (`<out>/history.sqlite`): per run its summary, units, expectations,
 * rates (metrics), comparison and baseline changes, for baselines and trends. Recording a run
 * again replaces it. Opening migrates an older database; a newer one throws
 * `ClawEvalError("invalid-input")`.
 */
export function openHistoryStore(path: string) {
  const db = new Database(path);
  try {
    db.pragma("foreign_keys = ON");
    migrate(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  const deleteRun = db.prepare("DELETE FROM runs WHERE run_id = ?");
  const insertRun = db.prepare(
    `INSERT INTO runs (run_id, started_at, finished_at, status, total, passed, failed, errored, interrupted, skipped, cost_usd, duration_ms, command, models)
     VALUES (@runId, @startedAt, @finishedAt, @status, @total, @passed, @failed, @errored, @interrupted, @skipped, @costUsd, @durationMs, @command, @models)`,
  );
  const insertUnit = db.prepare(
    `INSERT INTO units (run_id, unit_id, scenario_id, model, repeat, status, duration_ms, input_tokens, output_tokens, cost_usd, case_id)
     VALUES (@runId, @unitId, @scenarioId, @model, @repeat, @status, @durationMs, @inputTokens, @outputTokens, @costUsd, @caseId)`,
  );
  const insertExpectation = db.prepare(
    `INSERT INTO expectations (run_id, unit_id, turn_index, position, type, pass, message)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMetric = db.prepare("INSERT INTO metrics (run_id, model, metric, successes, n) VALUES (?, ?, ?, ?, ?)");
  const insertComparison = db.prepare("INSERT INTO comparisons (run_id, comparison) VALUES (?, ?)");
  const insertRegressions = db.prepare(
    "INSERT INTO regressions (run_id, baseline_run_id, regressions, improvements, document) VALUES (?, ?, ?, ?, ?)",
  );
  const selectUnit = db.prepare(
    `SELECT runs.run_id AS runId, runs.started_at AS startedAt, units.status AS status, units.duration_ms AS durationMs
     FROM units JOIN runs USING (run_id) WHERE units.unit_id = ? ORDER BY runs.started_at DESC, runs.run_id DESC`,
  );
  const selectRuns = db.prepare(
    `SELECT run_id AS runId, started_at AS startedAt, finished_at AS finishedAt, command, status, models,
       total, passed, failed, errored, interrupted, skipped,
       regressions.baseline_run_id AS baselineRunId, regressions.regressions AS regressionCount,
       regressions.improvements AS improvementCount
     FROM runs LEFT JOIN regressions USING (run_id) ORDER BY started_at, run_id`,
  );
  const selectRun = db.prepare("SELECT run_id AS runId, started_at AS startedAt FROM runs WHERE run_id = ?");
  const selectLatest = db.prepare(
    "SELECT run_id AS runId, started_at AS startedAt FROM runs ORDER BY started_at DESC, run_id DESC LIMIT 1",
  );
  const selectRates = db.prepare("SELECT run_id AS runId, model, metric, successes, n FROM metrics");
  const selectRunRates = db.prepare("SELECT model, metric, successes, n FROM metrics WHERE run_id = ?");
  const selectRunUnits = db.prepare(
    "SELECT unit_id AS unitId, scenario_id AS scenarioId, model, repeat, status FROM units WHERE run_id = ? ORDER BY unit_id",
  );

  const knownRates = <T extends { metric: string }>(rows: T[]): (T & RateCount)[] =>
    rows.filter((row) => (RATE_METRICS as readonly string[]).includes(row.metric)) as (T & RateCount)[];

  const record = db.transaction((result: RunResult) => {
    const { summary, runId } = result;
    const snapshot = buildRunSnapshot(result);
    deleteRun.run(runId);
    insertRun.run({
      runId,
      startedAt: result.startedAt,
      finishedAt: result.finishedAt,
      status: result.status,
      total: summary.total,
      passed: summary.passed,
      failed: summary.failed,
      errored: summary.errored,
      interrupted: summary.interrupted,
      skipped: summary.skipped,
      costUsd: summary.costUsd,
      durationMs: summary.durationMs,
      command: commandOf(result),
      models: JSON.stringify([...new Set(result.units.map((unit) => unit.model))].sort()),
    });
    for (const unit of result.units) {
      insertUnit.run({
        runId,
        unitId: unit.unitId,
        scenarioId: unit.scenarioId,
        model: unit.model,
        repeat: unit.repeat,
        status: unit.status,
        durationMs: unit.durationMs,
        inputTokens: unit.usage.inputTokens,
        outputTokens: unit.usage.outputTokens,
        costUsd: unit.costUsd,
        caseId: unit.caseId ?? null,
      });
      for (const turn of unit.turns) {
        for (const [position, expectation] of turn.expectations.entries()) {
          insertExpectation.run(
            runId,
            unit.unitId,
            turn.index,
            position,
            expectation.type,
            expectation.pass ? 1 : 0,
            expectation.message,
          );
        }
      }
    }
    for (const rate of snapshot.rates) insertMetric.run(runId, rate.model, rate.metric, rate.successes, rate.n);
    if (result.comparison) insertComparison.run(runId, JSON.stringify(result.comparison));
    if (result.regressions) {
      const { regressions } = result;
      insertRegressions.run(
        runId,
        regressions.baseline.runId,
        regressions.regressions.length,
        regressions.improvements.length,
        JSON.stringify(regressions),
      );
    }
  });

  return {
    /** Adds `result` (already redacted), replacing a run of the same id. */
    record: (result: RunResult): void => record(result),
    unitHistory: (unitId: string): HistoryEntry[] => selectUnit.all(unitId) as HistoryEntry[],
    runCount: (): number => (db.prepare("SELECT COUNT(*) AS count FROM runs").get() as { count: number }).count,
    /** Every run, oldest first (by start time, then id), with its rates. */
    listRuns: (): HistoryRun[] => {
      const rates = new Map<string, RateCount[]>();
      for (const row of knownRates(selectRates.all() as (RateCount & { runId: string })[])) {
        const { runId, ...rate } = row;
        const ofRun = rates.get(runId);
        if (ofRun === undefined) rates.set(runId, [rate]);
        else ofRun.push(rate);
      }
      type Row = Omit<HistoryRun, "models" | "rates" | "baseline" | "command"> & {
        command: string;
        models: string;
        baselineRunId: string | null;
        regressionCount: number | null;
        improvementCount: number | null;
      };
      return (selectRuns.all() as Row[]).map((row) => {
        const { baselineRunId, regressionCount, improvementCount, models, command, ...run } = row;
        const parsedModels: unknown = JSON.parse(models);
        return {
          ...run,
          command: (COMMANDS as readonly string[]).includes(command) ? (command as HistoryCommand) : "run",
          models: Array.isArray(parsedModels) ? parsedModels.filter((model) => typeof model === "string") : [],
          rates: (rates.get(run.runId) ?? []).sort(byRateOrder),
          ...(baselineRunId === null
            ? {}
            : {
                baseline: {
                  runId: baselineRunId,
                  regressions: regressionCount ?? 0,
                  improvements: improvementCount ?? 0,
                },
              }),
        };
      });
    },
    /** The most recent run (by start time, then id), or `undefined` when none is recorded. */
    latestRun: (): { runId: string; startedAt: string } | undefined =>
      selectLatest.get() as { runId: string; startedAt: string } | undefined,
    /** What a baseline comparison needs of run `runId`, or `undefined` when it is not recorded. */
    loadSnapshot: (runId: string): RunSnapshot | undefined => {
      const run = selectRun.get(runId) as { runId: string; startedAt: string } | undefined;
      if (run === undefined) return undefined;
      const units = (selectRunUnits.all(runId) as RunSnapshot["units"]).filter((unit) =>
        UNIT_STATUSES.includes(unit.status),
      );
      const rates = knownRates(selectRunRates.all(runId) as RateCount[]).sort(byRateOrder);
      return { ...run, units, rates };
    },
    close: (): void => {
      db.close();
    },
  };
}

export type HistoryStore = ReturnType<typeof openHistoryStore>;
