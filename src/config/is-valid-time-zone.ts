/**
 * Longest time zone name accepted, characters. IANA names are short (the longest known is
 * about 30 characters, e.g. `America/Argentina/ComodRivadavia`); bounding the length first keeps
 * a huge value from reaching Intl, whose lookup is slow on long input.
 */
export const MAX_TIME_ZONE_LENGTH = 64;

// Building an Intl.DateTimeFormat costs ~0.1 ms and every turn asks; the answer for a zone name
// never changes within a process, so it is memoised (a cache of a pure function, bounded).
const knownZones = new Map<string, boolean>();

/**
 * True when `zone` is an IANA time zone this runtime knows (the name as given, not trimmed).
 * Blank names and names longer than {@link MAX_TIME_ZONE_LENGTH} are invalid without asking Intl.
 */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length > MAX_TIME_ZONE_LENGTH || zone.trim() === "") return false;
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    valid = true;
  } catch (error) {
    // Intl reports an unknown zone only by throwing a RangeError; anything else is a real failure.
    if (!(error instanceof RangeError)) throw error;
    valid = false;
  }
  if (knownZones.size < 1000) knownZones.set(zone, valid);
  return valid;
}
