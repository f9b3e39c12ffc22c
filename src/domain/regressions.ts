import type { ComparisonRate } from "./comparison.js";
import type { UnitStatus } from "./results.js";
import type { ComplianceCategory } from "./scenario.js";

// The `regressions` part of results.json, written by `run` and `compare` with `--baseline`:
// what changed against an earlier run of the same history database.

/** A unit whose verdict changed against the baseline (same scenario, case, model and repeat). */
export interface UnitChange {
  kind: "unit";
  /** The unit's id in this run. */
  unitId: string;
  /** Includes the case (`<file id>#<case>`) for data-driven scenarios. */
  scenarioId: string;
  model: string;
  repeat: number;
  /** The unit's status in the baseline run. */
  before: UnitStatus;
  /** The unit's status in this run. */
  after: UnitStatus;
}

/** What a rate change measures: a model's unit pass rate, or (compare) one compliance category. */
export type RateMetric = "pass-rate" | ComplianceCategory;

/**
 * A rate whose Wilson 95% interval moved entirely below (a regression) or entirely above (an
 * improvement) the baseline's interval. Both rates have `n` > 0.
 */
export interface RateChange {
  kind: "rate";
  model: string;
  metric: RateMetric;
  before: ComparisonRate;
  after: ComparisonRate;
}

export type BaselineChange = UnitChange | RateChange;

/** `results.json`'s `regressions`: this run compared with its `--baseline`. */
export interface RunRegressions {
  /** The run compared against. */
  baseline: { runId: string; startedAt: string };
  /** Units present in both runs (same key); only these are compared unit by unit. */
  unitsCompared: number;
  /** Units of this run with no unit of the same key in the baseline. */
  unitsNew: number;
  /** Units of the baseline with no unit of the same key in this run. */
  unitsMissing: number;
  /**
   * A unit that passed in the baseline and now failed or errored, or a rate whose interval now
   * lies entirely below the baseline's. Units first (by scenario id, model, repeat), then rates
   * (by model, then metric: pass rate, then the compliance categories).
   */
  regressions: BaselineChange[];
  /** The reverse of each regression rule (failed or errored, now passed; interval entirely above); same order. */
  improvements: BaselineChange[];
}
