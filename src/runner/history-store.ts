import Database from "better-sqlite3";
import type { RunResult } from "../domain/index.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  run_id TEXT PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  status TEXT NOT NULL,
  total INTEGER NOT NULL,
  passed INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  errored INTEGER NOT NULL,
  interrupted INTEGER NOT NULL,
  skipped INTEGER NOT NULL,
  cost_usd REAL,
  duration_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS units (
  run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,
  unit_id TEXT NOT NULL,
  scenario_id TEXT NOT NULL,
  model TEXT NOT NULL,
  repeat INTEGER NOT NULL,
  status TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cost_usd REAL,
  PRIMARY KEY (run_id, unit_id)
);
CREATE INDEX IF NOT EXISTS units_by_scenario ON units (scenario_id, model);
`;

/** A unit's outcome in an earlier run, newest first. */
export interface HistoryEntry {
  runId: string;
  startedAt: string;
  status: string;
  durationMs: number;
}

/**
 * Run history in SQLite (`<out>/history.sqlite`): one row per run and per unit, for baselines
 * and trends. Recording a run again replaces it.
 */
export function openHistoryStore(path: string) {
  const db = new Database(path);
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA);
  const insertRun = db.prepare(
    `INSERT OR REPLACE INTO runs VALUES (@runId, @startedAt, @finishedAt, @status, @total, @passed, @failed, @errored, @interrupted, @skipped, @costUsd, @durationMs)`,
  );
  const insertUnit = db.prepare(
    `INSERT INTO units VALUES (@runId, @unitId, @scenarioId, @model, @repeat, @status, @durationMs, @inputTokens, @outputTokens, @costUsd)`,
  );
  const deleteUnits = db.prepare("DELETE FROM units WHERE run_id = ?");
  const selectUnit = db.prepare(
    `SELECT runs.run_id AS runId, runs.started_at AS startedAt, units.status AS status, units.duration_ms AS durationMs
     FROM units JOIN runs USING (run_id) WHERE units.unit_id = ? ORDER BY runs.started_at DESC, runs.run_id DESC`,
  );
  const record = db.transaction((result: RunResult) => {
    const { summary } = result;
    insertRun.run({
      runId: result.runId,
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
    });
    deleteUnits.run(result.runId);
    for (const unit of result.units) {
      insertUnit.run({
        runId: result.runId,
        unitId: unit.unitId,
        scenarioId: unit.scenarioId,
        model: unit.model,
        repeat: unit.repeat,
        status: unit.status,
        durationMs: unit.durationMs,
        inputTokens: unit.usage.inputTokens,
        outputTokens: unit.usage.outputTokens,
        costUsd: unit.costUsd,
      });
    }
  });
  return {
    record: (result: RunResult): void => record(result),
    unitHistory: (unitId: string): HistoryEntry[] => selectUnit.all(unitId) as HistoryEntry[],
    runCount: (): number => (db.prepare("SELECT COUNT(*) AS count FROM runs").get() as { count: number }).count,
    close: (): void => {
      db.close();
    },
  };
}

export type HistoryStore = ReturnType<typeof openHistoryStore>;
