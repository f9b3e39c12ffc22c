import pLimit, { type LimitFunction } from "p-limit";
import type { Model, ModelError, ModelRequest, ModelResponse } from "../domain/index.js";
import { ClawEvalError, errorMessage } from "../domain/index.js";
import { contextWindowField } from "./context-windows.js";
import type { Sleep } from "./with-retries.js";

export interface ProviderLimiterOptions {
  /** Maximum concurrent calls per provider (`anthropic`, `openai`, ...); positive integers. */
  limits: Readonly<Record<string, number>>;
  /** Limit of a provider missing from `limits` (default: unbounded). */
  defaultLimit?: number;
  sleep: Sleep;
  /** Milliseconds since the epoch. */
  now: () => number;
}

export interface ProviderLimiter {
  /** A model whose calls queue behind the provider's concurrency limit and rate-limit pauses. */
  wrap(provider: string, model: Model): Model;
  /** Epoch milliseconds until which the provider's queue is paused, or `undefined` when it is not. */
  pausedUntil(provider: string): number | undefined;
}

interface ProviderQueue {
  limit: LimitFunction;
  pausedUntil: number;
}

const ABORTED: ModelError = { kind: "aborted", message: "aborted while queued for the provider", retryable: false };

function checkLimit(name: string, value: number): void {
  if (value !== Number.POSITIVE_INFINITY && !(Number.isInteger(value) && value >= 1)) {
    throw new ClawEvalError("invalid-input", `${name}: expected a positive integer, found ${value}`);
  }
}

/** Resolves with an aborted error when the signal aborts; never rejects. */
function abortedBy(signal: AbortSignal | undefined): { promise: Promise<ModelResponse>; dispose: () => void } {
  if (signal === undefined) return { promise: new Promise(() => {}), dispose: () => {} };
  let onAbort = () => {};
  const promise = new Promise<ModelResponse>((resolve) => {
    onAbort = () => resolve({ ok: false, error: ABORTED });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/**
 * Bounds concurrent model calls per provider, across every work unit that shares the limiter.
 * A `rate_limit` error with `retryAfterMs` pauses the provider's queue for that long, so other
 * units' calls wait instead of failing too. A call whose signal aborts while queued or paused
 * returns an `aborted` error at once. The wrapped model never throws.
 */
export function createProviderLimiter(options: ProviderLimiterOptions): ProviderLimiter {
  for (const [provider, limit] of Object.entries(options.limits)) checkLimit(`limits.${provider}`, limit);
  const defaultLimit = options.defaultLimit ?? Number.POSITIVE_INFINITY;
  checkLimit("defaultLimit", defaultLimit);
  const queues = new Map<string, ProviderQueue>();

  const queueOf = (provider: string): ProviderQueue => {
    let queue = queues.get(provider);
    if (queue === undefined) {
      const concurrency = Object.hasOwn(options.limits, provider) ? options.limits[provider]! : defaultLimit;
      queue = { limit: pLimit(concurrency), pausedUntil: 0 };
      queues.set(provider, queue);
    }
    return queue;
  };

  const run = async (queue: ProviderQueue, model: Model, request: ModelRequest): Promise<ModelResponse> => {
    for (let waitMs = queue.pausedUntil - options.now(); waitMs > 0; waitMs = queue.pausedUntil - options.now()) {
      if (request.signal?.aborted) return { ok: false, error: ABORTED };
      try {
        await options.sleep(waitMs, request.signal);
      } catch (error) {
        if (request.signal?.aborted) return { ok: false, error: ABORTED };
        return {
          ok: false,
          error: {
            kind: "other",
            message: `waiting out a rate limit failed: ${errorMessage(error)}`,
            retryable: false,
          },
        };
      }
    }
    if (request.signal?.aborted) return { ok: false, error: ABORTED };
    const response = await model.complete(request);
    if (!response.ok && response.error.kind === "rate_limit" && response.error.retryAfterMs !== undefined) {
      queue.pausedUntil = Math.max(queue.pausedUntil, options.now() + response.error.retryAfterMs);
    }
    return response;
  };

  return {
    wrap(provider, model) {
      const queue = queueOf(provider);
      return {
        id: model.id,
        ...contextWindowField(model),
        async complete(request) {
          const aborted = abortedBy(request.signal);
          try {
            return await Promise.race([queue.limit(run, queue, model, request), aborted.promise]);
          } finally {
            aborted.dispose();
          }
        },
      };
    },
    pausedUntil(provider) {
      const until = queues.get(provider)?.pausedUntil;
      return until !== undefined && until > options.now() ? until : undefined;
    },
  };
}
