import { readConfigValue } from "./read-config-value.js";

// Building an Intl.DateTimeFormat costs ~0.1 ms and every turn asks; the answer for a zone name
// never changes within a process, so it is memoised (a cache of a pure function, bounded).
const knownZones = new Map<string, boolean>();

/** True when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === "") return false;
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    valid = true;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    valid = false;
  }
  if (knownZones.size < 1000) knownZones.set(zone, valid);
  return valid;
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
