import { UsageError } from "./command-context.js";

/** A 0–1 option such as `--min-score`; `undefined` when not given. Throws a `UsageError` otherwise. */
export function parseScoreOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = value.trim() === "" ? Number.NaN : Number(value);
  if (!(parsed >= 0 && parsed <= 1)) throw new UsageError(`${name}: expected a number from 0 to 1, found "${value}"`);
  return parsed;
}

/** `--agent`, trimmed; `main` when not given. Throws a `UsageError` for a blank id. */
export function parseAgentOption(value: string | undefined): string {
  const agentId = (value ?? "main").trim();
  if (agentId === "") throw new UsageError(`--agent: expected an agent id, found "${value}"`);
  return agentId;
}
