import { DEFAULT_FAULT_KINDS, FAULT_KINDS, type FaultKind, type FaultSpec } from "../domain/index.js";

export { FAULT_KINDS };

const KEYS = ["rate", "kinds", "seed"] as const;
type Key = (typeof KEYS)[number];

export type ParseFaultsResult = { ok: true; spec: FaultSpec } | { ok: false; error: string };

function isKey(value: string): value is Key {
  return (KEYS as readonly string[]).includes(value);
}

function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

function parseRate(text: string): number | string {
  const rate = Number(text);
  if (text.trim() === "" || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    return `rate: expected a number from 0 to 1, found "${text}"`;
  }
  return rate;
}

function parseKinds(text: string): FaultKind[] | string {
  const kinds: FaultKind[] = [];
  for (const kind of text.split("|").map((part) => part.trim())) {
    if (!isFaultKind(kind)) return `kinds: expected ${FAULT_KINDS.join("|")}, found "${kind}"`;
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

function parseSeed(text: string): number | string {
  const seed = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(seed) || seed < 0) {
    return `seed: expected a non-negative integer, found "${text}"`;
  }
  return seed;
}

/**
 * Parses the CLI's `--faults rate=0.2,kinds=429|5xx|timeout|malformed|empty|overflow,seed=7`.
 * `rate` is required; `kinds` defaults to every kind; `seed` is optional. Pure: an invalid
 * value gives a readable message (the CLI prefixes the flag and exits 2).
 */
export function parseFaultsOption(text: string): ParseFaultsResult {
  const values = new Map<Key, string>();
  for (const part of text.split(",")) {
    const equals = part.indexOf("=");
    const key = (equals === -1 ? part : part.slice(0, equals)).trim();
    if (!isKey(key)) return { ok: false, error: `expected rate=, kinds= or seed=, found "${part.trim()}"` };
    if (equals === -1) return { ok: false, error: `${key}: expected ${key}=<value>, found "${part.trim()}"` };
    if (values.has(key)) return { ok: false, error: `${key}: given more than once` };
    values.set(key, part.slice(equals + 1).trim());
  }
  const rateText = values.get("rate");
  if (rateText === undefined) return { ok: false, error: `rate: required, found "${text}"` };
  const rate = parseRate(rateText);
  if (typeof rate === "string") return { ok: false, error: rate };
  const kindsText = values.get("kinds");
  const kinds = kindsText === undefined ? [...DEFAULT_FAULT_KINDS] : parseKinds(kindsText);
  if (typeof kinds === "string") return { ok: false, error: kinds };
  const seedText = values.get("seed");
  if (seedText === undefined) return { ok: true, spec: { rate, kinds } };
  const seed = parseSeed(seedText);
  if (typeof seed === "string") return { ok: false, error: seed };
  return { ok: true, spec: { rate, kinds, seed } };
}
