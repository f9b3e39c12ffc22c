import { readConfigValue } from "./read-config-value.js";

/** True when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

/**
 * The user's time zone (spec/prompt.md §1.4): `agents.defaults.userTimezone` when it is a valid
 * IANA zone, else the host zone when valid, else `UTC`.
 */
export function resolveUserTimezone(config: Readonly<Record<string, unknown>>, hostZone: string | undefined): string {
  const configured = readConfigValue(config, "agents.defaults.userTimezone");
  if (typeof configured === "string" && isValidTimeZone(configured.trim())) return configured.trim();
  if (hostZone !== undefined && isValidTimeZone(hostZone.trim())) return hostZone.trim();
  return "UTC";
}
