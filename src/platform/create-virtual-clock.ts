interface Timer {
  dueMs: number;
  order: number;
  resolve: () => void;
  /** Set when an activity sleeps on it: the activity counts as working again once it wakes. */
  blocking: boolean;
}

/** Simulated time: `now` moves only when a sleeper is woken or the clock is set forward. */
export interface VirtualClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Resolves once simulated time reaches `now + ms`. Time moves to the earliest pending timer
   * only when the process is quiescent (see {@link createVirtualClock}), and wakes one sleeper
   * at a time, so work that needs no timer always finishes before a timeout fires and woken
   * sleepers never race each other. An aborted `signal` resolves the sleep at once without
   * moving time.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * A timer that blocks no one (a timeout racing other work): resolves at `now + ms` like
   * `sleep`, but the caller keeps working meanwhile.
   */
  after(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Runs `work` as an activity of the simulation (a run, an arriving message, a child run): while
   * any activity is working (not sleeping and not waiting), time stands still.
   */
  activity<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Awaits `promise` as a wait, not as work: an activity waiting on another activity, on a model
   * call that may never answer or on a plugin hook lets time move meanwhile.
   */
  wait<T>(promise: Promise<T>): Promise<T>;
  /**
   * Awaits real work that takes wall time (a plugin hook): time stands still meanwhile, as for
   * a hold, except that once the work has taken as much wall time as the simulated time left to
   * the next pending timer, the clock moves to that timer and wakes it. So a run timeout of 1 s
   * cuts off a hook that takes 3 s, while work that ends before the next due time leaves the
   * clock exactly where it was.
   */
  realWait<T>(promise: Promise<T>): Promise<T>;
  /** Moves time forward to `ms` (never backwards); pending timers that fall due are woken. */
  advanceTo(ms: number): void;
  /**
   * Stops time while real work is in flight (a live model call): no timer fires until every
   * returned release function has been called.
   */
  hold(): () => void;
}

export interface VirtualClockOptions {
  /** Wall clock in ms for {@link VirtualClock.realWait}. Default `performance.now`. */
  wallNow?: () => number;
  /**
   * Whether real work is in flight that simulated time must wait for (file system requests, a
   * running child process). Default {@link hasRealWorkInFlight}.
   */
  busy?: () => boolean;
}

/**
 * Request kinds Node reports while file system work or a child process is under way. Long-lived
 * handles (sockets kept alive, timers, open file handles, the terminal) are not work in flight.
 */
const IN_FLIGHT_KINDS: ReadonlySet<string> = new Set([
  "FSReqCallback",
  "FSReqPromise",
  "FileHandleCloseReq",
  "CloseReq",
  "ProcessWrap",
  "GetAddrInfoReqWrap",
]);

/** Whether this thread has file system requests or child processes in flight. */
export function hasRealWorkInFlight(): boolean {
  return process.getActiveResourcesInfo().some((kind) => IN_FLIGHT_KINDS.has(kind));
}

/**
 * A deterministic clock for scenario units: timeouts, delays, arrivals and scheduled work take
 * no wall time and wake in due-time order (ties in the order they were set).
 *
 * The discrete-event rule: time moves only at a quiescent point, when every promise chain has
 * settled (checked from `setImmediate`), no hold is taken and no real work is in flight
 * (`busy`). At such a point exactly one sleeper is woken; the next one waits for the next
 * quiescent point. Concurrent activities of a unit (a run, a message arriving, a child run)
 * therefore never interleave their real I/O: each runs alone until it waits on the clock or
 * ends, and the order of events is the same on every machine. Work that waits on nothing (a
 * promise that never settles, a hook that hangs) counts as quiescent, so a timeout can fire
 * and abort it.
 */
export function createVirtualClock(startMs: number, options: VirtualClockOptions = {}): VirtualClock {
  const busy = options.busy ?? hasRealWorkInFlight;
  const wallNow = options.wallNow ?? (() => performance.now());
  let current = startMs;
  let order = 0;
  let pumping = false;
  let holds = 0;
  // Activities working right now (started and neither sleeping nor waiting).
  let working = 0;
  const timers: Timer[] = [];
  const sortTimers = (): void => {
    timers.sort((a, b) => a.dueMs - b.dueMs || a.order - b.order);
  };
  const wakeDue = (): void => {
    sortTimers();
    while (timers.length > 0 && (timers[0] as Timer).dueMs <= current) (timers.shift() as Timer).resolve();
  };
  const step = (): void => {
    pumping = false;
    if (timers.length === 0 || holds > 0 || working > 0) return;
    if (busy()) {
      // Real work is under way: look again shortly, without spinning the CPU.
      pumping = true;
      setTimeout(step, 1);
      return;
    }
    sortTimers();
    const next = timers.shift() as Timer;
    current = Math.max(current, next.dueMs);
    if (next.blocking) working++;
    next.resolve();
    if (timers.length > 0) pump();
  };
  const stopWorking = (): void => {
    working--;
    if (working <= 0 && timers.length > 0) pump();
  };
  const hold = (): (() => void) => {
    holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds--;
      if (holds === 0 && timers.length > 0) pump();
    };
  };
  const addTimer = (ms: number, signal: AbortSignal | undefined, blocking: boolean): Promise<void> => {
    if (signal?.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer: Timer = {
        dueMs: current + Math.max(0, ms),
        order: order++,
        blocking,
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        const index = timers.indexOf(timer);
        if (index === -1) return;
        timers.splice(index, 1);
        if (timer.blocking) working++;
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      timers.push(timer);
      if (blocking) stopWorking();
      pump();
    });
  };
  const pump = (): void => {
    if (pumping) return;
    pumping = true;
    setImmediate(step);
  };
  return {
    now: () => current,
    // The count is global, not per activity: a sleep taken while any activity works is taken as
    // that work pausing, and it is counted back when the sleep ends, so the count always returns
    // to what it was. A sleep inside a `wait` may therefore let time move while another activity
    // works on something the clock cannot see; it never leaves the count wrong.
    sleep: (ms, signal) => addTimer(ms, signal, working > 0),
    after: (ms, signal) => addTimer(ms, signal, false),
    async activity(work) {
      working++;
      try {
        return await work();
      } finally {
        stopWorking();
      }
    },
    async wait(promise) {
      if (working <= 0) return promise;
      stopWorking();
      try {
        return await promise;
      } finally {
        working++;
      }
    },
    hold,
    async realWait(promise) {
      const release = hold();
      const wallStart = wallNow();
      const simStart = current;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      // Wakes every timer the wall time spent so far has reached, then waits for the next one.
      const follow = (): void => {
        if (done) return;
        const reached = simStart + (wallNow() - wallStart);
        sortTimers();
        while (timers.length > 0 && (timers[0] as Timer).dueMs <= reached) {
          const next = timers.shift() as Timer;
          current = Math.max(current, next.dueMs);
          if (next.blocking) working++;
          next.resolve();
        }
        const next = timers[0];
        if (next !== undefined) timer = setTimeout(follow, Math.max(1, next.dueMs - reached));
      };
      follow();
      try {
        return await promise;
      } finally {
        done = true;
        if (timer !== undefined) clearTimeout(timer);
        release();
      }
    },
    advanceTo(ms) {
      if (ms <= current) return;
      current = ms;
      wakeDue();
    },
  };
}
