const DURATION = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Default of `agents.defaults.heartbeat.every` (spec/loop.md §5.1). */
export const DEFAULT_HEARTBEAT_EVERY = "30m";

/**
 * `agents.defaults.heartbeat.every` in ms (spec/loop.md §5.1): a number or a string such as
 * `30m`, `1h`, `90s`; the default unit is minutes; absent ⇒ `30m`. `undefined` when the value
 * is `0` or invalid, which disables heartbeats.
 */
export function parseHeartbeatInterval(value: unknown): number | undefined {
  const raw = value === undefined ? DEFAULT_HEARTBEAT_EVERY : value;
  if (typeof raw === "number") return Number.isFinite(raw) && raw > 0 ? raw * UNIT_MS.m! : undefined;
  if (typeof raw !== "string") return undefined;
  const match = DURATION.exec(raw);
  if (!match) return undefined;
  const ms = Number(match[1]) * (UNIT_MS[(match[2] ?? "m").toLowerCase()] ?? UNIT_MS.m!);
  return ms > 0 ? ms : undefined;
}
