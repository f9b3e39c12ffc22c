import { RunAbortError, type Runtime } from "../domain/index.js";

export interface RunTimer {
  /** Aborts when the parent signal aborts or the time is up. */
  readonly signal: AbortSignal | undefined;
  timedOut(): boolean;
  /** The run ended: the timer is cancelled. */
  stop(): void;
}

/**
 * A run's time limit on the unit's clock (spec/loop.md §2.1 `agents.defaults.timeoutSeconds`,
 * §6.1 a child's `runTimeoutSeconds`): once `timeoutMs` of simulated time has passed, `onTimeout`
 * is called and the signal aborts with a {@link RunAbortError} naming `label`. `timeoutMs` of 0
 * or less sets no limit.
 */
export function createRunTimer(options: {
  runtime: Pick<Runtime, "after">;
  timeoutMs: number;
  parent: AbortSignal | undefined;
  /** Names the setting in the stop text, e.g. `agents.defaults.timeoutSeconds`. */
  label: string;
  onTimeout?: () => void;
}): RunTimer {
  if (!(options.timeoutMs > 0)) return { signal: options.parent, timedOut: () => false, stop: () => {} };
  const limit = new AbortController();
  const cancel = new AbortController();
  let timedOut = false;
  void options.runtime.after(options.timeoutMs, cancel.signal).then(() => {
    if (cancel.signal.aborted || options.parent?.aborted === true) return;
    timedOut = true;
    options.onTimeout?.();
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    limit.abort(new RunAbortError(`run timed out after ${seconds} s (${options.label})`, "timeout"));
  });
  const signal = options.parent === undefined ? limit.signal : AbortSignal.any([options.parent, limit.signal]);
  return {
    signal,
    timedOut: () => timedOut,
    stop: () => cancel.abort(),
  };
}
