import { ClawEvalError } from "../domain/errors.js";

/** Returns `value` when it is a non-negative safe integer; throws `ClawEvalError("invalid-input")` otherwise. */
export function requireCount(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ClawEvalError("invalid-input", `${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}
