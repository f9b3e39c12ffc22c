import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import type { ModelError, ModelErrorKind } from "../domain/index.js";

/**
 * Milliseconds from `retry-after-ms`, or from `retry-after` given in seconds or as an HTTP
 * date (measured against the response's own `date` header, so no clock is read).
 */
export function parseRetryAfter(headers: Headers | undefined): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers?.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const at = Date.parse(value);
  const now = Date.parse(headers?.get("date") ?? "");
  if (Number.isNaN(at) || Number.isNaN(now)) return undefined;
  return Math.max(0, at - now);
}

function kindOfStatus(status: number): ModelErrorKind {
  if (status === 429) return "rate_limit";
  if (status === 401 || status === 403) return "auth";
  if (status === 408) return "timeout";
  if (status >= 500) return "server";
  return "other";
}

/** Kinds for errors sent inside a stream, which have a type but no HTTP status. */
const KIND_OF_TYPE: Partial<Record<string, ModelErrorKind>> = {
  rate_limit_error: "rate_limit",
  overloaded_error: "server",
  api_error: "server",
  timeout_error: "timeout",
  authentication_error: "auth",
  permission_error: "auth",
};

const RETRYABLE: Record<ModelErrorKind, boolean> = {
  rate_limit: true,
  server: true,
  timeout: true,
  malformed: false,
  empty: false,
  auth: false,
  script: false,
  aborted: false,
  other: false,
};

function modelError(kind: ModelErrorKind, message: string, extra: Partial<ModelError> = {}): ModelError {
  return { kind, message, retryable: RETRYABLE[kind], ...extra };
}

/** Maps whatever the SDK call threw to a ModelError (pure). */
export function parseAnthropicError(error: unknown, signal: AbortSignal | undefined): ModelError {
  const message =
    error instanceof APIError && error.apiMessage !== null
      ? `${error.status ?? "stream"} ${error.type ?? "error"}: ${error.apiMessage}`
      : error instanceof Error
        ? error.message
        : String(error);
  if (error instanceof APIUserAbortError || signal?.aborted === true) {
    return modelError("aborted", `anthropic: request aborted (${message})`);
  }
  if (error instanceof APIError && error.status === undefined && error.type !== null) {
    return modelError(KIND_OF_TYPE[error.type] ?? "other", `anthropic: ${message}`);
  }
  if (error instanceof APIConnectionTimeoutError) return modelError("timeout", `anthropic: ${message}`);
  // A dropped connection is worth retrying even though it has no status.
  if (error instanceof APIConnectionError) return { ...modelError("other", `anthropic: ${message}`), retryable: true };
  if (error instanceof APIError && typeof error.status === "number") {
    const kind = kindOfStatus(error.status);
    const retryAfterMs = kind === "rate_limit" || kind === "server" ? parseRetryAfter(error.headers) : undefined;
    return modelError(kind, `anthropic: ${message}`, {
      status: error.status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return modelError("other", `anthropic: ${message}`);
}
