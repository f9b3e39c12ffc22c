import { mapCassetteStrings } from "./normalise-cassette-text.js";

/** Written in place of a secret. */
export const REDACTED = "<redacted>";

/**
 * `value` with every occurrence of each secret, inside any string, replaced by `<redacted>`
 * (longest secret first; empty secrets are ignored). Object keys are scrubbed too. Pure.
 */
export function scrubCassetteSecrets<T>(value: T, secrets: readonly string[]): T {
  const ordered = [...new Set(secrets)].filter((secret) => secret !== "").sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return value;
  const scrub = (text: string) => ordered.reduce((result, secret) => result.split(secret).join(REDACTED), text);
  const scrubKeys = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(scrubKeys);
    if (item === null || typeof item !== "object") return item;
    return Object.fromEntries(Object.entries(item).map(([key, inner]) => [scrub(key), scrubKeys(inner)]));
  };
  return scrubKeys(mapCassetteStrings(value, scrub)) as T;
}
