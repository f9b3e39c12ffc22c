import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { ModelError } from "../domain/index.js";

export interface OpenAIErrorContext {
  /** The request's signal: when it has aborted, any failure is `aborted`. */
  signal?: AbortSignal | undefined;
  /** Current time in ms since the epoch, for an HTTP-date `retry-after` when the response has no `date` header. */
  now?: (() => number) | undefined;
}

/**
 * Milliseconds a response asks us to wait: `retry-after-ms`, else `retry-after` as seconds or
 * as an HTTP date (measured from the response's `date` header, else from `now`). Pure.
 */
export function parseOpenAIRetryAfter(headers: Headers | undefined, now?: () => number): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.round(milliseconds);
  const value = headers?.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number.parseFloat(value) * 1000);
  const until = Date.parse(value);
  if (Number.isNaN(until)) return undefined;
  const responseDate = Date.parse(headers?.get("date") ?? "");
  const from = Number.isNaN(responseDate) ? now?.() : responseDate;
  return from === undefined ? undefined : Math.max(0, until - from);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function statusError(error: APIError, status: number, context: OpenAIErrorContext): ModelError {
  const message = describe(error);
  if (status === 429) {
    const retryAfterMs = parseOpenAIRetryAfter(error.headers, context.now);
    return {
      kind: "rate_limit",
      message,
      status,
      retryable: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  if (status >= 500) return { kind: "server", message, status, retryable: true };
  if (status === 408) return { kind: "timeout", message, status, retryable: true };
  if (status === 401 || status === 403) return { kind: "auth", message, status, retryable: false };
  return { kind: "other", message, status, retryable: false };
}

/**
 * Maps whatever the OpenAI SDK threw to a {@link ModelError}: 429 `rate_limit` (with
 * `retryAfterMs`), 5xx `server`, 408 and request timeouts `timeout`, 401/403 `auth`, an
 * aborted request signal `aborted`; connection failures are retryable `other`. Pure.
 */
export function toOpenAIModelError(error: unknown, context: OpenAIErrorContext = {}): ModelError {
  if (context.signal?.aborted || error instanceof APIUserAbortError) {
    return { kind: "aborted", message: "request aborted", retryable: false };
  }
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout", message: describe(error), retryable: true };
  if (error instanceof APIConnectionError) {
    const cause = error.cause === undefined ? "" : ` (${describe(error.cause)})`;
    return { kind: "other", message: `${describe(error)}${cause}`, retryable: true };
  }
  if (error instanceof APIError && typeof error.status === "number") return statusError(error, error.status, context);
  return { kind: "other", message: describe(error), retryable: false };
}
