/** An error named `AbortError`, carrying the signal's reason as `cause`. */
export function createAbortError(signal: AbortSignal): Error {
  const error = new Error("The compaction was aborted", { cause: signal.reason });
  error.name = "AbortError";
  return error;
}

/** Whether `error` is an abort: named `AbortError`, or thrown after `signal` aborted. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted === true) return true;
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/**
 * Runs `run` and settles with it, or rejects with {@link createAbortError} as soon as `signal`
 * aborts, so a summariser that ignores its signal cannot hold a compaction past its timeout.
 */
export function raceAbort<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal === undefined) return run();
  if (signal.aborted) return Promise.reject(createAbortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(createAbortError(signal));
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
