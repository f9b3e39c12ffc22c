import type { Comparison } from "./comparison.js";
import type { Diagnostic } from "./diagnostic.js";
import type { AgentEvent } from "./events.js";
import type { ExpectationType } from "./expectation.js";
import type { Usage } from "./messages.js";
import type { RunRegressions } from "./regressions.js";
import type { ComplianceCategory, SourceLocation, TurnKind } from "./scenario.js";
import type { SessionTranscriptRecord } from "./transcript.js";

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
  /** Where the turn is written in the scenario file (absent in results written before it was recorded). */
  location?: SourceLocation;
  /**
   * When the turn's message arrived on the unit's simulated clock (ISO 8601, UTC); absent in
   * results written before arrivals were recorded.
   */
  arrivedAt?: string;
}

export type UnitStatus = "passed" | "failed" | "errored" | "interrupted" | "skipped";

export interface UnitResult {
  /** `<scenario id>@<model>~<repeat, from 1>` (`formatRepeat`); unique in a run. */
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
  /** Every session the unit ran (main first, then sub-agents) with its whole transcript. */
  sessions?: SessionTranscriptRecord[];
  /**
   * The memory measures of the unit: citation validity, index consistency and flush compliance.
   * Absent when the unit opened no memory index, produced no memory citation and ran no memory
   * flush (and in results written before the measures existed).
   */
  memory?: UnitMemoryMeasures;
}

/** Where a memory citation appeared: a `memory_search` result, assistant text, or a passive recall block. */
export type MemoryCitationSource = "search" | "reply" | "recall";

/** A memory citation that failed the validity check. */
export interface InvalidMemoryCitation {
  /** As written, e.g. `memory/2026-03-14.md#L3-L7`. */
  citation: string;
  source: MemoryCitationSource;
  /** 0-based index of the turn it appeared in. */
  turnIndex: number;
  /** One line saying why it is invalid. */
  reason: string;
}

/**
 * Citation validity of one unit. A citation is valid when its path is an indexed memory file,
 * its lines satisfy `1 ≤ start ≤ end ≤ line count`, and, when its snippet is known, the cited
 * lines contain the snippet's first non-empty line. Each distinct citation counts once per turn
 * and source.
 */
export interface MemoryCitationValidity {
  checked: number;
  valid: number;
  /** In turn order. */
  invalid: InvalidMemoryCitation[];
}

/** What an index audit can find wrong. */
export type MemoryIndexProblemKind =
  | "audit-failed"
  | "count-mismatch"
  | "missing-meta"
  | "stale-file"
  | "stale-hash"
  | "unindexed-file"
  | "orphan-chunk"
  | "chunk-id"
  | "chunk-hash"
  | "chunk-model";

/** One inconsistency between the memory index and the notes. */
export interface MemoryIndexProblem {
  kind: MemoryIndexProblemKind;
  /** The note the problem concerns, workspace-relative; or the table (`chunks_fts`, `chunks_vec`, `meta`). */
  path: string;
  /** One line naming the path. */
  message: string;
}

/** Index consistency of one memory index against the notes on disk. `ok` exactly when `problems` is empty. */
export interface MemoryIndexAudit {
  ok: boolean;
  /** `files` rows. */
  files: number;
  /** `chunks` rows. */
  chunks: number;
  /** Index-wide problems first (a failed sync or read, table counts, meta), then per note by path, then kind. */
  problems: MemoryIndexProblem[];
}

/** One memory flush run and the write rules it kept or broke. */
export interface MemoryFlushTurn {
  /** 0-based index of the turn the flush ran before. */
  turnIndex: number;
  runId: string;
  /** `memory/<today>.md`: the one file the flush may create or append to. */
  target: string;
  /** Workspace files the flush changed, sorted. */
  changed: string[];
  /** No file but the target changed, and the target was not deleted. */
  onlyTarget: boolean;
  /** The target's earlier bytes are still its prefix (true when it was created or untouched). */
  prefixKept: boolean;
  /** The flush's last reply was exactly `NO_REPLY`. */
  silent: boolean;
  /** No earlier flush ran in the same session since its last compaction. */
  firstInCycle: boolean;
  /** All four of the above. */
  compliant: boolean;
  /** One line per broken rule; empty when compliant. */
  problems: string[];
}

/** Flush compliance of one unit: its flush runs, with totals. */
export interface MemoryFlushCompliance {
  /** Flush runs measured. */
  turns: number;
  compliant: number;
  onlyTarget: number;
  prefixKept: number;
  silent: number;
  firstInCycle: number;
  /** In run order. */
  flushes: MemoryFlushTurn[];
}

/** The memory measures of one unit; each part is present only when there was something to measure. */
export interface UnitMemoryMeasures {
  /** Present when the unit produced a memory citation. */
  citations?: MemoryCitationValidity;
  /** Present when the unit opened a memory index. */
  index?: MemoryIndexAudit;
  /** Present when a memory flush ran with its workspace changes recorded. */
  flush?: MemoryFlushCompliance;
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
  /** `--stream` (or the config file's `stream: true`): every scenario streamed its replies. */
  stream?: boolean;
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
  /** Set by `compare`: per-model compliance rates and pairwise tests. */
  comparison?: Comparison;
  /** Set by `run` and `compare` with `--baseline`: changes against the baseline run. */
  regressions?: RunRegressions;
}

/** A run's progress as units finish (for live reporters). */
export interface RunProgress {
  done: number;
  total: number;
  passed: number;
  failed: number;
  errored: number;
}
