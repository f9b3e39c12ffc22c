export interface ActiveHoursWindow {
  /** `HH:MM`, 00:00–23:59. Missing or invalid ⇒ always active. */
  start?: string | undefined;
  /** `HH:MM`, 00:00–23:59, or `24:00` for end of day. Missing or invalid ⇒ always active. */
  end?: string | undefined;
  /** Current minutes since midnight (0–1439) in the window's time zone; the caller converts. */
  nowMinutes: number;
}

const CLOCK_TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/**
 * Quiet-hours test (spec/loop.md §5.3 step 2). start = end ⇒ never active; end before start
 * wraps past midnight (22:00–06:00 contains 23:00 and 05:30).
 */
export function isWithinActiveHours(window: ActiveHoursWindow): boolean {
  const start = parseClockMinutes(window.start, { allowEndOfDay: false });
  const end = parseClockMinutes(window.end, { allowEndOfDay: true });
  if (start === undefined || end === undefined) return true;
  if (start === end) return false;
  const now = window.nowMinutes;
  return end > start ? start <= now && now < end : now >= start || now < end;
}

/** Minutes since midnight of an `HH:MM` time (trimmed); `24:00` only with `allowEndOfDay`; else `undefined`. Pure. */
export function parseClockMinutes(value: string | undefined, options: { allowEndOfDay: boolean }): number | undefined {
  const match = value === undefined ? null : CLOCK_TIME.exec(value.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60 || (minutes === 24 * 60 && !options.allowEndOfDay)) return undefined;
  return minutes;
}
