import type { IdentifierClass } from "./compaction.js";
import type { Diagnostic } from "./diagnostic.js";
import type { AgentEvent } from "./events.js";
import type { Usage } from "./messages.js";
import type { ComplianceCategory, ExpectationType, SourceLocation, TurnKind } from "./scenario.js";
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
}

/** A run's progress as units finish (for live reporters). */
export interface RunProgress {
  done: number;
  total: number;
  passed: number;
  failed: number;
  errored: number;
}

/** A rate with its Wilson 95% bounds; all three `null` when `n` is 0. Values lie in [0, 1]. */
export interface ComparisonRate {
  rate: number | null;
  low: number | null;
  high: number | null;
  /** Number of trials (turns or units) the rate is over. */
  n: number;
}

/** One model's entry of {@link Comparison}. */
export interface ModelComparisonEntry {
  model: string;
  /**
   * Per compliance category: the share of the model's turns of that category that complied
   * (no turn error and every expectation of the turn passed).
   */
  categories: Record<ComplianceCategory, ComparisonRate>;
  /** Among reply-expected turns, the share where nothing was delivered (`delivered === null`). Target 0. */
  falseSilence: ComparisonRate;
  /** The measures of spec/loop.md §11.1–11.2; absent in results written before they existed. */
  measures?: ComplianceMeasures;
  /** Over the model's units with a verdict (passed, failed, errored); a unit passes when its status is `passed`. */
  passRate: ComparisonRate;
  /** The k of `passAtK` / `passHatK`: the repeat count of the run. */
  k: number;
  /**
   * Mean unbiased pass@k over scenarios (units grouped by scenario id across repeats); `null`
   * when k is 1 (pass@1 is the pass rate) or no scenario has k decided repeats.
   */
  passAtK: number | null;
  /** Mean unbiased pass^k, same grouping and `null` rules as `passAtK`. */
  passHatK: number | null;
  /** Sum over the model's units; `null` when any unit's cost is unknown. */
  costUsd: number | null;
  /** Nearest-rank percentiles of turn latency; `null` without turns. */
  latencyMs: { p50: number | null; p95: number | null };
  /**
   * The model's compactions. Present on every entry when any compared model's unit with a verdict
   * compacted, absent otherwise (and in results written before compaction was measured).
   */
  compaction?: CompactionComparison;
  /**
   * The model's memory checks. Present on every entry when any compared model's unit with a
   * verdict has a memory expectation, absent otherwise (and in results written before memory
   * checks were compared).
   */
  memory?: MemoryComparison;
}

/** The expectation types a comparison counts as memory checks. */
export type MemoryCheckType = Extract<
  ExpectationType,
  "memory-top-hit" | "memory-cited" | "memory-written" | "memory-recalled"
>;

/**
 * One model's memory checks in a comparison, over its units with a verdict (passed, failed,
 * errored). Per check type, `n` is the number of those expectations in the units' turns and the
 * rate the share that passed, Wilson 95% (`null` rate and bounds when `n` is 0).
 */
export interface MemoryComparison {
  /** Units with at least one memory expectation. */
  units: number;
  checks: Record<MemoryCheckType, ComparisonRate>;
  /** The units' memory measures; absent in results written before they were compared. */
  measures?: MemoryMeasuresComparison;
}

/** One model's memory measures over its units with a verdict, each a Wilson 95% rate. */
export interface MemoryMeasuresComparison {
  /** Units with a `memory` record. */
  units: number;
  /** Valid citations; n = citations checked. */
  citations: ComparisonRate;
  /** Units whose index audit found no problem; n = units audited. */
  index: ComparisonRate;
  /** Compliant flush runs; n = flush runs. */
  flush: ComparisonRate;
}

/** A mean with its 95% interval; all three `null` when `n` is 0. */
export interface ComparisonMean {
  mean: number | null;
  low: number | null;
  high: number | null;
  /** Number of units the mean is over (each unit counts once, however many compactions it had). */
  n: number;
}

/**
 * One model's compactions in a comparison. Only units with a verdict (passed, failed, errored)
 * that wrote at least one audited compaction (a `compaction_audit` event) count.
 * Both intervals are seeded percentile bootstraps over units (2 000 resamples of the units with
 * replacement, seed derived from the model id), so many compactions in one unit weigh as one unit.
 */
export interface CompactionComparison {
  /** Units that compacted. */
  units: number;
  /** Audited compactions of those units. */
  compactions: number;
  /**
   * Mean over units of each unit's mean identifier preservation rate (0–1). Compactions whose
   * removed messages had no identifier are left out, and so is a unit with only such compactions.
   */
  preservation: ComparisonMean;
  /** Mean over units of each unit's mean token reduction ratio `1 − tokensAfter / tokensBefore`. */
  reduction: ComparisonMean;
  /** Share of compactions that passed every structural check, Wilson 95%; `n` = compactions. */
  structure: ComparisonRate;
  /** Identifiers the summaries lost, summed over the compactions, per class. */
  lostByClass: Record<IdentifierClass, number>;
}

/**
 * A paired test of two models' identifier preservation on the units both compacted (paired by
 * scenario id and repeat, each side the unit's mean rate): a two-sided sign-flip permutation
 * test on the per-unit differences, zero differences dropped.
 */
export interface CompactionPairComparison {
  a: string;
  b: string;
  /** Units both models compacted with a preservation rate. */
  n: number;
  /** Mean of `a − b` per-unit preservation over those units; `null` when `n` is 0. */
  meanDifference: number | null;
  /** 1 when no unit differs. */
  pValue: number;
  /** `exact`: every sign assignment (≤ 16 differing units); `monte-carlo`: 10 000 seeded random ones. */
  method: "exact" | "monte-carlo";
  /** `"<model id> better"` (p < 0.05, the model with the higher mean) or `"no significant difference"`. */
  verdict: string;
}

/**
 * The reply-token measures of spec/loop.md §11.1–11.2 over one model's categorised turns, each
 * a Wilson 95% rate. Turns of units without a verdict and heartbeat turns skipped before any
 * model call (a `heartbeat` event `skipped` and no `agent_start`) count nowhere: they say
 * nothing about the model. "Delivered" is the turn's `delivered` text, except that the
 * `HEARTBEAT_OK` the runtime itself sends for an `ok-empty` / `ok-token` outcome under `showOk`
 * is not the model's delivery (it is neither noise nor a leak).
 */
export interface ComplianceMeasures {
  /** Quiet: the trimmed reply is exactly `HEARTBEAT_OK`. */
  strictAck: ComparisonRate;
  /** Quiet: the runtime suppressed the reply (`heartbeat` status `ok-token` or `ok-empty`). */
  lenientAck: ComparisonRate;
  /** Quiet: the reply was exactly `NO_REPLY` (a silent ack; also counted by `lenientAck`). */
  silentAck: ComparisonRate;
  /** Quiet: anything was delivered. Target 0. */
  noise: ComparisonRate;
  /** Alert: the reply does not contain `HEARTBEAT_OK` anywhere (case-sensitive). Target 1. */
  alertPurity: ComparisonRate;
  /** Alert: the runtime suppressed the reply as `ok-token` / `ok-empty`. Target 0. */
  falseAck: ComparisonRate;
  /** Silent-expected: the reply was exactly `NO_REPLY` (spec/loop.md §4.1). */
  exactSilence: ComparisonRate;
  /** Silent-expected: nothing was delivered. */
  effectiveSilence: ComparisonRate;
  /** Reply-expected: nothing was delivered. Target 0. */
  falseSilence: ComparisonRate;
  /** All categorised turns: the delivered text contains `NO_REPLY` or `HEARTBEAT_OK`. Target 0. */
  tokenLeak: ComparisonRate;
  /**
   * All categorised turns: something was delivered and the reply ended in a token the runtime
   * stripped (`… NO_REPLY`, `… HEARTBEAT_OK`): real content plus a trailing token. Target 0.
   */
  appendedToken: ComparisonRate;
}

export type ComplianceMeasureName = keyof ComplianceMeasures;

/** Exact McNemar test of two models on the same units (paired by scenario id and repeat). */
export interface PairComparison {
  a: string;
  b: string;
  /** Units both models ran to a verdict. */
  n: number;
  pValue: number;
  /** `"<model id> better"` (p < 0.05) or `"no significant difference"`. */
  verdict: string;
}

/** `results.json`'s `comparison`, written by `claw-eval compare`. */
export interface Comparison {
  /** In the order the models were given. */
  models: ModelComparisonEntry[];
  /** Every pair (models[i], models[j]) with i < j, in that order. */
  pairs: PairComparison[];
  /** Same pairs and order as `pairs`; present exactly when the entries carry `compaction`. */
  compactionPairs?: CompactionPairComparison[];
}
