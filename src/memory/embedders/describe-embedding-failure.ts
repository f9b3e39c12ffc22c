import { APIConnectionTimeoutError, APIError } from "openai";
import { errorMessage } from "../../domain/index.js";

/** Whether an SDK failure is worth another attempt: HTTP 429, any 5xx, or a timeout (memory.md §4.2). */
export function isRetryableEmbeddingError(error: unknown): boolean {
  if (error instanceof APIConnectionTimeoutError) return true;
  return error instanceof APIError && error.status !== undefined && (error.status === 429 || error.status >= 500);
}

export interface DescribeEmbeddingFailureOptions {
  attempts: number;
  /** The per-attempt timeout, milliseconds. */
  timeoutMs: number;
}

/**
 * The end of an error message for a failed embedding request: the HTTP status and error code
 * (`429 insufficient_quota`, which the memory tool reads as quota exhaustion) or the timeout,
 * the attempts made and the provider's message. The caller redacts the API key. Pure.
 */
export function describeEmbeddingFailure(error: unknown, options: DescribeEmbeddingFailureOptions): string {
  const tries = `${options.attempts} attempt${options.attempts === 1 ? "" : "s"}`;
  if (error instanceof APIConnectionTimeoutError) return `timed out after ${options.timeoutMs} ms (${tries})`;
  if (error instanceof APIError && error.status !== undefined) {
    const code = typeof error.code === "string" ? ` ${error.code}` : "";
    return `failed with status ${error.status}${code} after ${tries}: ${error.message}`;
  }
  return `failed after ${tries}: ${errorMessage(error)}`;
}
