/**
 * Repeats are counted from 1 wherever a person or a file name sees them; `UnitResult.repeat`
 * stays the 0-based index. `repeatNumber(0)` is 1.
 */
export function repeatNumber(repeat: number): number {
  return repeat + 1;
}

/**
 * The repeat as it follows a unit's scenario and model everywhere (unit ids, console, markdown,
 * JUnit names, HTML ids): `~1` for the first. `#` is taken by data-driven case ids.
 */
export function formatRepeat(repeat: number): string {
  return `~${repeatNumber(repeat)}`;
}
