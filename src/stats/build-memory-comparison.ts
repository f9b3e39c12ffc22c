import type {
  ComparisonRate,
  ExpectationResult,
  MemoryCheckType,
  MemoryComparison,
  MemoryMeasuresComparison,
  UnitMemoryMeasures,
} from "../domain/index.js";
import { wilsonInterval } from "./wilson-interval.js";

/** The memory check types, in the order reports show them. */
export const MEMORY_CHECK_TYPES: readonly MemoryCheckType[] = [
  "memory-top-hit",
  "memory-cited",
  "memory-written",
  "memory-recalled",
];

const MEMORY_CHECK_SET: ReadonlySet<string> = new Set(MEMORY_CHECK_TYPES);

/** Whether an expectation result is one of the memory checks. */
export function isMemoryCheck(expectation: ExpectationResult): boolean {
  return MEMORY_CHECK_SET.has(expectation.type);
}

export interface BuildMemoryComparisonOptions {
  /**
   * The expectation results of each unit with a verdict, one array per unit (all its turns');
   * units without a memory expectation count in no figure.
   */
  units: readonly (readonly ExpectationResult[])[];
  /**
   * The `memory` records of the units with a verdict that have one; when given (even empty), the
   * result carries `measures`.
   */
  measures?: readonly UnitMemoryMeasures[];
}

/**
 * The memory measures over units (pure), each a Wilson 95% rate: valid citations over citations
 * checked, units whose index audit found nothing over units audited, compliant flush runs over
 * flush runs.
 */
export function buildMemoryMeasuresComparison(measures: readonly UnitMemoryMeasures[]): MemoryMeasuresComparison {
  let valid = 0;
  let checked = 0;
  let consistent = 0;
  let audited = 0;
  let compliant = 0;
  let flushes = 0;
  for (const unit of measures) {
    valid += unit.citations?.valid ?? 0;
    checked += unit.citations?.checked ?? 0;
    if (unit.index !== undefined) audited += 1;
    if (unit.index?.ok === true) consistent += 1;
    compliant += unit.flush?.compliant ?? 0;
    flushes += unit.flush?.turns ?? 0;
  }
  return {
    units: measures.length,
    citations: wilsonInterval(valid, checked),
    index: wilsonInterval(consistent, audited),
    flush: wilsonInterval(compliant, flushes),
  };
}

/**
 * One model's memory figures (pure): units with at least one memory expectation, and per check
 * type the share of those expectations that passed with a Wilson 95% interval (`n` = number of
 * expectations of the type; `null` rate and bounds when there are none); with `measures`, the
 * memory measures too ({@link buildMemoryMeasuresComparison}).
 */
export function buildMemoryComparison(options: BuildMemoryComparisonOptions): MemoryComparison {
  const checks = {} as Record<MemoryCheckType, ComparisonRate>;
  for (const type of MEMORY_CHECK_TYPES) {
    const ofType = options.units.flatMap((expectations) => expectations.filter((result) => result.type === type));
    checks[type] = wilsonInterval(ofType.filter((result) => result.pass).length, ofType.length);
  }
  const units = options.units.filter((expectations) => expectations.some(isMemoryCheck)).length;
  if (options.measures === undefined) return { units, checks };
  return { units, checks, measures: buildMemoryMeasuresComparison(options.measures) };
}
