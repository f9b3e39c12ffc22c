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

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
