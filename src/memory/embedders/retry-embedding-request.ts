/** Retries after the first attempt (memory.md §4.2). */
export const EMBEDDING_RETRIES = 3;
/** Milliseconds before the first retry; doubles each time up to {@link EMBEDDING_RETRY_MAX_DELAY_MS}. */
export const EMBEDDING_RETRY_BASE_DELAY_MS = 500;
export const EMBEDDING_RETRY_MAX_DELAY_MS = 8_000;

export interface RetryEmbeddingRequestOptions {
  /** Waits the given milliseconds (the runtime's clock, so tests take no wall time). */
  sleep: (ms: number) => Promise<void>;
  /** Whether a failure is worth another attempt (429, 5xx, timeouts). */
  isRetryable: (error: unknown) => boolean;
  /** Default {@link EMBEDDING_RETRIES}. */
  retries?: number;
}

/**
 * Calls `attempt(1)`, `attempt(2)`, ... until one resolves, retrying retryable failures after
 * 500, 1 000, 2 000 ... ms (capped at 8 000 ms), at most `retries` times. Rejects with the last
 * attempt's error unchanged.
 */
export async function retryEmbeddingRequest<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryEmbeddingRequestOptions,
): Promise<T> {
  const retries = options.retries ?? EMBEDDING_RETRIES;
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (attemptNumber > retries || !options.isRetryable(error)) throw error;
      const delay = EMBEDDING_RETRY_BASE_DELAY_MS * 2 ** (attemptNumber - 1);
      await options.sleep(Math.min(delay, EMBEDDING_RETRY_MAX_DELAY_MS));
    }
  }
}
