const DAY_MS = 86_400_000;
const DATED_NOTE = /(?:^|\/)memory\/(\d{4})-(\d{2})-(\d{2})(?:-[^/]+)?\.md$/;

export interface MemoryTimestampInput {
  /** Workspace-relative path with `/` separators, as stored in the index. */
  path: string;
  /** The file's modification time in ms since the epoch; `undefined` when stat failed or was not done. */
  mtimeMs?: number;
  /** Reads the modification time when `mtimeMs` is absent, only for a path whose timestamp is its mtime. */
  mtimeOf?: () => number | undefined;
}

function mtimeOfInput(input: MemoryTimestampInput): number | undefined {
  return input.mtimeMs ?? input.mtimeOf?.();
}

function isEvergreen(path: string): boolean {
  return path === "MEMORY.md" || path === "memory.md" || path.startsWith("memory/");
}

function utcMidnight(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(0);
  // setUTCFullYear keeps years below 100 literal, unlike Date.UTC.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : undefined;
}

/**
 * The time a memory result decays from (memory.md §6.4), in ms since the epoch, or `undefined`
 * for no decay:
 * 1. `memory/YYYY-MM-DD.md` and `memory/YYYY-MM-DD-<slug>.md` (directly inside a `memory/`
 *    folder) with a real calendar date ⇒ that date at 00:00 UTC;
 * 2. `MEMORY.md`, `memory.md` and every other path under `memory/` ⇒ evergreen, `undefined`;
 * 3. an impossible date (`memory/2026-02-30.md`) and any other path ⇒ `mtimeMs` (so
 *    `undefined` when there is no stat). Pure.
 */
export function memoryTimestamp(input: MemoryTimestampInput): number | undefined {
  const match = DATED_NOTE.exec(input.path);
  if (match) {
    const dated = utcMidnight(Number(match[1]), Number(match[2]), Number(match[3]));
    if (dated !== undefined) return dated;
    return mtimeOfInput(input);
  }
  if (isEvergreen(input.path)) return undefined;
  return mtimeOfInput(input);
}

/** Whole or fractional days from `timestampMs` to `nowMs`, clamped at 0 so future dates never count as fresher than now. */
export function ageInDays(nowMs: number, timestampMs: number): number {
  return Math.max(0, nowMs - timestampMs) / DAY_MS;
}

export interface DecayMultiplierInput {
  /** Age in days, fractional; ≤ 0 (now or future) gives 1. */
  ageDays: number;
  /** Half-life in days; floored, minimum 1 (memory.md §2, default 30). */
  halfLifeDays: number;
}

/**
 * `exp(−λ × ageDays)` with `λ = ln 2 / halfLifeDays` (memory.md §6.4): 1 at age ≤ 0, 0.5 at
 * the half-life, never increasing with age. Pure.
 */
export function decayMultiplier(input: DecayMultiplierInput): number {
  if (!(input.ageDays > 0)) return 1;
  const halfLife = Math.max(1, Math.floor(input.halfLifeDays));
  return Math.exp((-Math.LN2 / halfLife) * input.ageDays);
}
