const DURATION = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i;

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Whether `value` is a duration as openclaw.json writes one: a number ≥ 0 or `30m`, `1h`, `90s`, `500ms`, `2d`. */
export function isConfigDuration(value: unknown): value is number | string {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0;
  return typeof value === "string" && DURATION.test(value);
}

/**
 * A config duration in milliseconds: a number or a unit-less string counts in minutes (the
 * default unit of `heartbeat.every` and `contextPruning.ttl`). `undefined` when the value is not
 * a duration. Pure.
 */
export function parseDurationMs(value: unknown): number | undefined {
  if (!isConfigDuration(value)) return undefined;
  if (typeof value === "number") return value * 60_000;
  const match = DURATION.exec(value);
  const unit = (match?.[2] ?? "m").toLowerCase();
  return Number(match?.[1] ?? 0) * (UNIT_MS[unit] ?? 60_000);
}
