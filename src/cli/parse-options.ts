import { defaultReporters, REPORTER_NAMES, type ReporterName } from "../reporters/reporter-names.js";
import { UsageError } from "./command-context.js";

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function parsePositiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new UsageError(`${name}: expected a positive integer, found "${value}"`);
  return parsed;
}

export function parsePositiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new UsageError(`${name}: expected a positive number, found "${value}"`);
  return parsed;
}

/** `--reporter` values (repeatable, comma-separated); none given: the defaults for `env` (`defaultReporters`). */
export function parseReporters(
  values: readonly string[] | undefined,
  env: Readonly<Record<string, string>>,
): ReporterName[] {
  if (values === undefined || values.length === 0) return defaultReporters(env);
  const names = values.flatMap((value) => value.split(",")).map((value) => value.trim());
  for (const name of names) {
    if (!(REPORTER_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(`--reporter: expected one of ${REPORTER_NAMES.join(", ")}, found "${name}"`);
    }
  }
  return [...new Set(names as ReporterName[])];
}
