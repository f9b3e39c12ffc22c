import { ClawEvalError } from "../domain/index.js";

// The agent loop validates arguments against each tool's schema before `execute`, so a wrong
// type here is a broken invariant (a caller skipped validation), not a model mistake.

function wrongType(name: string, expected: string): ClawEvalError {
  return new ClawEvalError("invariant", `Argument "${name}" must be ${expected}`);
}

export function readString(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value !== "string") throw wrongType(name, "a string");
  return value;
}

export function readOptionalString(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw wrongType(name, "a string");
  return value;
}

export function readOptionalInteger(input: Record<string, unknown>, name: string): number | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) throw wrongType(name, "an integer");
  return value;
}

export function readOptionalBoolean(input: Record<string, unknown>, name: string): boolean | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw wrongType(name, "a boolean");
  return value;
}

export function readOptionalNumber(input: Record<string, unknown>, name: string): number | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw wrongType(name, "a number");
  return value;
}
