import { isValidTimeZone } from "../config/is-valid-time-zone.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";

/**
 * The user's time zone (spec/prompt.md §1.4): `agents.defaults.userTimezone` when it is a valid
 * IANA zone, else the host zone when valid, else `UTC`.
 */
export function resolveUserTimezone(config: unknown, hostZone: string | undefined): string {
  const configured = resolveConfigSection(config, "agents").defaults.userTimezone;
  if (configured !== undefined) return configured;
  if (hostZone !== undefined && isValidTimeZone(hostZone.trim())) return hostZone.trim();
  return "UTC";
}
