export type ClawEvalErrorCode =
  | "invalid-input"
  | "invariant"
  | "script-exhausted"
  | "unknown-model"
  | "missing-key"
  | "io";

/** A broken invariant or an unusable input that cannot be expressed as a diagnostic. */
export class ClawEvalError extends Error {
  readonly code: ClawEvalErrorCode;
  constructor(code: ClawEvalErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ClawEvalError";
    this.code = code;
  }
}

/** Said of a thrown value that throws again when read or turned into text (a poisoned proxy or getter). */
export const UNPRINTABLE_ERROR = "a thrown value that could not be read (reading it threw again)";

/**
 * The text of a thrown value: an error's message, else the value as a string. Total: a value
 * whose message getter, string form or proxy traps throw gives {@link UNPRINTABLE_ERROR}, so
 * error handling never throws in turn.
 */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    return String(error);
  } catch {
    return UNPRINTABLE_ERROR;
  }
}

/** Whether `error` is a {@link ClawEvalError}; false (not a throw) for a proxy whose traps throw. */
export function isClawEvalError(error: unknown): error is ClawEvalError {
  try {
    return error instanceof ClawEvalError;
  } catch {
    return false;
  }
}
