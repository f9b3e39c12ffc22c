import type { InjectedFault, Model, ModelError, ModelRequest, ModelResponse } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import { contextWindowField } from "./context-windows.js";

/** Waits `ms` milliseconds; rejects or resolves early when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryInfo {
  /** 1-based number of the attempt that failed. */
  attempt: number;
  /** Milliseconds waited before the next attempt. */
  delayMs: number;
  error: ModelError;
}

export interface RetryOptions {
  /** Total attempts, the first included (default 4). */
  maxAttempts?: number;
  /** Milliseconds; the backoff ceiling of attempt n is `baseDelayMs * 2^(n-1)` (default 500). */
  baseDelayMs?: number;
  /** Milliseconds; caps the backoff, and a `retryAfterMs` above it is not waited for (default 30 000). */
  maxDelayMs?: number;
  sleep: Sleep;
  /** Uniform in [0, 1): the full jitter of each backoff. */
  random: () => number;
  /** Called before each wait. Must not throw. */
  onRetry?: (info: RetryInfo) => void;
}

const ABORTED: ModelError = { kind: "aborted", message: "aborted while waiting to retry", retryable: false };

/** The wait before the next attempt, or a reason to stop retrying. */
function delayAfter(
  error: ModelError,
  attempt: number,
  options: { baseDelayMs: number; maxDelayMs: number; random: () => number },
): number | string {
  if (error.kind === "rate_limit" && error.retryAfterMs !== undefined) {
    if (error.retryAfterMs > options.maxDelayMs) {
      return `the provider asked to wait ${error.retryAfterMs} ms, more than maxDelayMs (${options.maxDelayMs} ms)`;
    }
    return Math.max(0, error.retryAfterMs);
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(options.random() * ceiling);
}

function gaveUp(error: ModelError, attempts: number, reason?: string): ModelResponse {
  const why = reason === undefined ? "" : ` (${reason})`;
  return {
    ok: false,
    error: {
      ...error,
      message: `gave up after ${attempts} attempt${attempts === 1 ? "" : "s"}${why}: ${error.message}`,
    },
  };
}

/** Sleeps; `undefined` when the wait ran its course, else the error to return instead. */
async function wait(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<ModelError | undefined> {
  if (signal?.aborted) return ABORTED;
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (signal?.aborted) return ABORTED;
    return { kind: "other", message: `waiting to retry failed: ${errorMessage(error)}`, retryable: false };
  }
  return signal?.aborted ? ABORTED : undefined;
}

/**
 * A model that retries errors marked `retryable`: a rate limit with `retryAfterMs` waits that
 * long, anything else waits a full-jitter exponential backoff. Non-retryable errors return at
 * once; after `maxAttempts` the last error comes back with a message saying so. An aborted
 * request signal stops the wait and returns an `aborted` error. Faults the inner model reports
 * (`injectedFaults`) are gathered over the attempts, each with its attempt number, onto the
 * response returned. When an attempt that streamed text is retried, `request.onTextRestart` is
 * called before the next attempt. Never throws.
 */
export function withRetries(model: Model, options: RetryOptions): Model {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    random: options.random,
  };
  return {
    id: model.id,
    ...contextWindowField(model),
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const faults: InjectedFault[] = [];
      const carryingFaults = (response: ModelResponse): ModelResponse =>
        faults.length === 0 ? response : { ...response, injectedFaults: faults };
      // Text a failed attempt streamed is superseded by the next attempt's: the caller hears of it.
      let streamed = false;
      const { onTextDelta } = request;
      const attemptRequest: ModelRequest =
        onTextDelta === undefined
          ? request
          : {
              ...request,
              onTextDelta: (delta) => {
                streamed = true;
                onTextDelta(delta);
              },
            };
      for (let attempt = 1; ; attempt++) {
        if (streamed) request.onTextRestart?.();
        streamed = false;
        const response = await model.complete(attemptRequest);
        for (const fault of response.injectedFaults ?? []) faults.push({ kind: fault.kind, attempt });
        if (response.ok || !response.error.retryable) return carryingFaults(response);
        if (attempt >= maxAttempts) return carryingFaults(gaveUp(response.error, attempt));
        const delayMs = delayAfter(response.error, attempt, backoff);
        if (typeof delayMs === "string") return carryingFaults(gaveUp(response.error, attempt, delayMs));
        options.onRetry?.({ attempt, delayMs, error: response.error });
        const interrupted = await wait(options.sleep, delayMs, request.signal);
        if (interrupted !== undefined) return carryingFaults({ ok: false, error: interrupted });
      }
    },
  };
}
