interface Timer {
  dueMs: number;
  order: number;
  resolve: () => void;
}

/** Simulated time: `now` moves only when a sleeper is woken or the clock is set forward. */
export interface VirtualClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Resolves once simulated time reaches `now + ms`. Time jumps to the earliest pending timer
   * only when the process has nothing else to do in this turn of the event loop (every promise
   * chain has settled), so work that needs no timer always finishes before a timeout fires.
   * An aborted `signal` resolves the sleep at once without moving time.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Moves time forward to `ms` (never backwards); pending timers that fall due are woken. */
  advanceTo(ms: number): void;
  /**
   * Stops time while real work is in flight (a live model call): no timer fires until every
   * returned release function has been called.
   */
  hold(): () => void;
}

/**
 * A deterministic clock for scenario units: timeouts, retry delays and waits take no wall time
 * and wake in due-time order (ties in the order they were set).
 */
export function createVirtualClock(startMs: number): VirtualClock {
  let current = startMs;
  let order = 0;
  let pumping = false;
  let holds = 0;
  const timers: Timer[] = [];
  const wakeDue = (): void => {
    timers.sort((a, b) => a.dueMs - b.dueMs || a.order - b.order);
    while (timers.length > 0 && (timers[0] as Timer).dueMs <= current) (timers.shift() as Timer).resolve();
  };
  const pump = (): void => {
    if (pumping) return;
    pumping = true;
    setImmediate(() => {
      pumping = false;
      if (timers.length === 0 || holds > 0) return;
      timers.sort((a, b) => a.dueMs - b.dueMs || a.order - b.order);
      const next = timers.shift() as Timer;
      current = Math.max(current, next.dueMs);
      next.resolve();
      if (timers.length > 0) pump();
    });
  };
  return {
    now: () => current,
    sleep(ms, signal) {
      if (signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer: Timer = {
          dueMs: current + Math.max(0, ms),
          order: order++,
          resolve: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
        };
        const onAbort = (): void => {
          const index = timers.indexOf(timer);
          if (index !== -1) timers.splice(index, 1);
          resolve();
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        timers.push(timer);
        pump();
      });
    },
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        if (holds === 0 && timers.length > 0) pump();
      };
    },
    advanceTo(ms) {
      if (ms <= current) return;
      current = ms;
      wakeDue();
    },
  };
}
