import type { Diagnostic } from "./diagnostic.js";
import type { AgentEvent } from "./events.js";
import type { Usage } from "./messages.js";
import type { ComplianceCategory, ExpectationType, SourceLocation, TurnKind } from "./scenario.js";

/** Outcome of one expectation. `expected` / `actual` are rendered for humans. */
export interface ExpectationResult {
  type: ExpectationType | string;
  pass: boolean;
  /** One line saying what was checked and, on failure, what went wrong. */
  message: string;
  expected?: string;
  actual?: string;
  location: SourceLocation;
}

export interface TurnResult {
  index: number;
  kind: TurnKind;
  input: string;
  category?: ComplianceCategory;
  /** Final assistant text of the turn (before delivery rules). */
  reply: string;
  /** Text delivered to the scenario channel, or `null` when nothing was delivered. */
  delivered: string | null;
  systemPrompt: string;
  events: AgentEvent[];
  expectations: ExpectationResult[];
  usage: Usage;
  /** USD; `null` when unknown. */
  costUsd: number | null;
  /** Milliseconds of model latency summed over the turn's calls. */
  latencyMs: number;
  error?: string;
}

export type UnitStatus = "passed" | "failed" | "errored" | "interrupted" | "skipped";

export interface UnitResult {
  /** `<scenario id>@<model>#r<repeat>`; unique in a run. */
  unitId: string;
  /** Position of the unit in the whole run's plan (before sharding): merge restores this order. */
  planIndex: number;
  scenarioId: string;
  fileId: string;
  caseId?: string;
  scenarioName: string;
  /** Scenario file path relative to the working directory of the run. */
  file: string;
  tags: string[];
  model: string;
  repeat: number;
  status: UnitStatus;
  turns: TurnResult[];
  /** Why the unit errored, was interrupted or skipped. */
  error?: string;
  durationMs: number;
  usage: Usage;
  costUsd: number | null;
  /** Golden files this unit checked (relative paths) and whether they matched. */
  golden?: { file: string; status: "match" | "mismatch" | "missing" | "written"; diff?: string }[];
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  interrupted: number;
  skipped: number;
  usage: Usage;
  costUsd: number | null;
  durationMs: number;
}

export type RunStatus = "completed" | "interrupted" | "crashed";

export interface RunOptionsRecord {
  paths: string[];
  models: string[];
  repeat?: number;
  filter?: string;
  tags?: string[];
  shard?: { index: number; count: number };
  concurrency: number;
  timeoutSeconds?: number;
  bail: boolean;
}

/** `results.json`: complete enough to re-render every other report from it. */
export interface RunResult {
  schemaVersion: 1;
  tool: { name: "claw-eval"; version: string };
  runId: string;
  /** ISO timestamps of the host clock. */
  startedAt: string;
  finishedAt: string;
  status: RunStatus;
  options: RunOptionsRecord;
  summary: RunSummary;
  units: UnitResult[];
  diagnostics: Diagnostic[];
  obsoleteGolden: string[];
  /** Set by `merge`: the runs combined into this one. */
  mergedFrom?: string[];
  comparison?: unknown;
}

/** A run's progress as units finish (for live reporters). */
export interface RunProgress {
  done: number;
  total: number;
  passed: number;
  failed: number;
  errored: number;
}
