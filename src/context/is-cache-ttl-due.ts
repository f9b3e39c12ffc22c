/**
 * The cache-TTL gate (context.md §6.4): prune only when the session has a cache touch, the TTL is
 * positive and at least `ttlMs` has passed since the touch. Times are ms since the epoch; `now`
 * comes from the injected runtime. After a pass the caller records `now` as the new touch, so a
 * window sees at most one pass. Pure.
 */
export function isCacheTtlDue(options: { lastCacheTouchAt: number | undefined; now: number; ttlMs: number }): boolean {
  const { lastCacheTouchAt, now, ttlMs } = options;
  return lastCacheTouchAt !== undefined && ttlMs > 0 && now - lastCacheTouchAt >= ttlMs;
}
