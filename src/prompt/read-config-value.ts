/** Reads a dotted path (`agents.defaults.bootstrapMaxChars`) from an openclaw.json-shaped object. */
export function readConfigValue(config: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = config;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A positive finite number at `path`, floored, else `fallback`. */
export function readPositiveInteger(config: Readonly<Record<string, unknown>>, path: string, fallback: number): number {
  const value = readConfigValue(config, path);
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}
