// Building an Intl.DateTimeFormat costs ~0.1 ms and every turn asks; the answer for a zone name
// never changes within a process, so it is memoised (a cache of a pure function, bounded).
const knownZones = new Map<string, boolean>();

/** True when `zone` is an IANA time zone this runtime knows (the name as given, not trimmed). */
export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === "") return false;
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
