/**
 * The schema of `history.sqlite`, one migration per version: entry `i` takes a database from
 * version `i` to `i + 1` (SQLite `user_version`). Never edit a shipped entry; append one.
 * Version 1 is the schema written before the database carried a version, so its statements
 * tolerate tables that already exist.
 */
export const HISTORY_MIGRATIONS: readonly string[] = [
  `
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
`,
  `
ALTER TABLE runs ADD COLUMN command TEXT NOT NULL DEFAULT 'run';
ALTER TABLE runs ADD COLUMN models TEXT NOT NULL DEFAULT '[]';
ALTER TABLE units ADD COLUMN case_id TEXT;
CREATE INDEX runs_by_start ON runs (started_at, run_id);
CREATE TABLE expectations (
  run_id TEXT NOT NULL,
  unit_id TEXT NOT NULL,
  turn_index INTEGER NOT NULL,
  position INTEGER NOT NULL,
  type TEXT NOT NULL,
  pass INTEGER NOT NULL,
  message TEXT NOT NULL,
  PRIMARY KEY (run_id, unit_id, turn_index, position),
  FOREIGN KEY (run_id, unit_id) REFERENCES units (run_id, unit_id) ON DELETE CASCADE
);
CREATE TABLE metrics (
  run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,
  model TEXT NOT NULL,
  metric TEXT NOT NULL,
  successes INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (run_id, model, metric)
);
CREATE TABLE comparisons (
  run_id TEXT PRIMARY KEY REFERENCES runs(run_id) ON DELETE CASCADE,
  comparison TEXT NOT NULL
);
CREATE TABLE regressions (
  run_id TEXT PRIMARY KEY REFERENCES runs(run_id) ON DELETE CASCADE,
  baseline_run_id TEXT NOT NULL,
  regressions INTEGER NOT NULL,
  improvements INTEGER NOT NULL,
  document TEXT NOT NULL
);
INSERT INTO metrics (run_id, model, metric, successes, n)
  SELECT run_id, model, 'pass-rate', SUM(status = 'passed'), COUNT(*) FROM units
  WHERE status IN ('passed', 'failed', 'errored') GROUP BY run_id, model;
UPDATE runs SET models = (
  SELECT json_group_array(model) FROM (SELECT DISTINCT model FROM units WHERE units.run_id = runs.run_id ORDER BY model)
);
`,
];
