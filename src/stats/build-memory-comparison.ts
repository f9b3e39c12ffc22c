import type { ComparisonRate, ExpectationResult, MemoryCheckType, MemoryComparison } from "../domain/index.js";
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
}

/**
 * One model's memory figures (pure): units with at least one memory expectation, and per check
 * type the share of those expectations that passed with a Wilson 95% interval (`n` = number of
 * expectations of the type; `null` rate and bounds when there are none).
 */
export function buildMemoryComparison(options: BuildMemoryComparisonOptions): MemoryComparison {
  const checks = {} as Record<MemoryCheckType, ComparisonRate>;
  for (const type of MEMORY_CHECK_TYPES) {
    const ofType = options.units.flatMap((expectations) => expectations.filter((result) => result.type === type));
    checks[type] = wilsonInterval(ofType.filter((result) => result.pass).length, ofType.length);
  }
  const units = options.units.filter((expectations) => expectations.some(isMemoryCheck)).length;
  return { units, checks };
}
