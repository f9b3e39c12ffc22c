/** An error named `AbortError` saying `<what> was aborted`, carrying the signal's reason as `cause`. */
export function createAbortError(signal: AbortSignal, what: string): Error {
  const error = new Error(`${what} was aborted`, { cause: signal.reason });
  error.name = "AbortError";
  return error;
}

/** Whether `error` is an abort: named `AbortError`, or thrown after `signal` aborted. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted === true) return true;
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/**
 * Runs `run` and settles with it, or rejects with {@link createAbortError} (naming `what`) as
 * soon as `signal` aborts, so work that ignores its signal (a summariser, a plugin hook) cannot
 * hold its caller past a timeout. With a signal that has already aborted, `run` is not started.
 */
export function raceAbort<T>(run: () => Promise<T> | T, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (signal === undefined) return new Promise<T>((start) => start(run()));
  if (signal.aborted) return Promise.reject(createAbortError(signal, what));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(createAbortError(signal, what));
    signal.addEventListener("abort", onAbort, { once: true });
    new Promise<T>((start) => start(run())).then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Why a single run was aborted while its unit goes on: a run timeout or an interrupt by a newer
 * message (spec/loop.md §1, §2.1). The loop reports its message as the run's stop text.
 */
export class RunAbortError extends Error {
  constructor(
    message: string,
    readonly kind: "timeout" | "interrupt",
  ) {
    super(message);
    this.name = "RunAbortError";
  }
}
