import type { IdentifierClass } from "./compaction.js";
import type { ExpectationType } from "./expectation.js";
import type { ComplianceCategory } from "./scenario.js";

// The `comparison` part of results.json, written by `claw-eval compare`: rates, means and paired
// tests per model and category.

/**
 * A rate with its Wilson 95% bounds; all three `null` when `n` is 0. Values lie in [0, 1].
 * `rate` is always successes / `n`, however the bounds were widened.
 */
export interface ComparisonRate {
  rate: number | null;
  low: number | null;
  high: number | null;
  /** Number of trials (turns or units) the rate is over. */
  n: number;
  /**
   * Scenario cases the trials come from, on rates whose trials are clustered by scenario (turns
   * and repeats of one case); absent on other rates and in results written before clustering.
   */
  clusters?: number;
  /**
   * The design effect the bounds were widened by (≥ 1; the bounds are Wilson's at `n / designEffect`
   * trials); `null` when `n` is 0. Present exactly when `clusters` is.
   */
  designEffect?: number | null;
}

/** One model's entry of {@link Comparison}. */
export interface ModelComparisonEntry {
  model: string;
  /**
   * Per compliance category: the share of the model's turns of that category that complied
   * (no turn error and every expectation of the turn passed). Clustered by scenario case.
   */
  categories: Record<ComplianceCategory, ComparisonRate>;
  /** Among reply-expected turns, the share where nothing was delivered (`delivered === null`). Target 0. */
  falseSilence: ComparisonRate;
  /** The measures of spec/loop.md §11.1–11.2; absent in results written before they existed. */
  measures?: ComplianceMeasures;
  /**
   * Over the model's units with a verdict (passed, failed, errored); a unit passes when its
   * status is `passed`. Clustered by scenario case (the repeats of one case).
   */
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
 * a Wilson 95% rate clustered by scenario case. Turns of units without a verdict and heartbeat turns skipped before any
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
  /**
   * Streamed turns (any turn, categorised or not, whose run started with `agent_start.stream`,
   * even if it released nothing; in older results, a turn with a `message_update` event): the
   * text one model call streamed (its deltas, joined) contains `NO_REPLY` or `HEARTBEAT_OK`.
   * Target 0. Absent in results written before it was measured.
   */
  streamedLeak?: ComparisonRate;
}

export type ComplianceMeasureName = keyof ComplianceMeasures;

/**
 * Exact McNemar test of two models on the same units (paired by scenario id and repeat), the
 * repeats of one scenario case tested together (a cluster-level sign-flip test; the plain exact
 * McNemar test when every case has one repeat).
 */
export interface PairComparison {
  a: string;
  b: string;
  /** Units both models ran to a verdict. */
  n: number;
  /** Scenario cases those units come from; absent in results written before clustering. */
  clusters?: number;
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
