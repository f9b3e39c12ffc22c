import type { ComplianceCategory } from "../domain/index.js";

/** Per-category probability of complying, each in [0, 1]. */
export type ComplianceRates = Readonly<Record<ComplianceCategory, number>>;

export interface SimulatedModelSpec {
  /** The name before `?`, e.g. `careful` in `simulated:careful?ack=0.9`. */
  name: string;
  rates: ComplianceRates;
  /** Integer seed (default 0). */
  seed: number;
  /** Probability that a generated compaction summary keeps each identifier (default 1). */
  keepIds: number;
  /** Probability that a compaction call with no scripted summary step fails with a server error (default 0). */
  failSummary: number;
}

/** Query keys of a simulated model id and the category each sets. */
export const RATE_KEYS = {
  ack: "quiet",
  alert: "alert",
  silent: "silent-expected",
  reply: "reply-expected",
} as const satisfies Record<string, ComplianceCategory>;

type RateKey = keyof typeof RATE_KEYS;

/** Query keys of the compaction summariser, each a probability. */
const SUMMARY_KEYS = ["keepIds", "failSummary"] as const;

type SummaryKey = (typeof SUMMARY_KEYS)[number];

const KEYS = [...Object.keys(RATE_KEYS), "seed", ...SUMMARY_KEYS];

const USAGE = "simulated:<name>?ack=<p>&silent=<p>&alert=<p>&reply=<p>&keepIds=<p>&failSummary=<p>&seed=<n>";

function isRateKey(key: string): key is RateKey {
  return Object.hasOwn(RATE_KEYS, key);
}

function isSummaryKey(key: string): key is SummaryKey {
  return (SUMMARY_KEYS as readonly string[]).includes(key);
}

/**
 * Parses the part after `simulated:`:
 * `<name>?ack=<p>&silent=<p>&alert=<p>&reply=<p>&keepIds=<p>&failSummary=<p>&seed=<n>`.
 * Every probability defaults to 1 except `failSummary` (0); the seed defaults to 0. Returns what
 * is wrong on bad input.
 */
export function parseSimulatedModelId(
  text: string,
): { ok: true; value: SimulatedModelSpec } | { ok: false; error: string } {
  const question = text.indexOf("?");
  const name = question === -1 ? text : text.slice(0, question);
  const query = question === -1 ? "" : text.slice(question + 1);
  if (name === "") return { ok: false, error: `expected ${USAGE}` };
  const rates: Record<ComplianceCategory, number> = { quiet: 1, alert: 1, "silent-expected": 1, "reply-expected": 1 };
  let seed = 0;
  const summary: Record<SummaryKey, number> = { keepIds: 1, failSummary: 0 };
  const seen = new Set<string>();
  for (const pair of query === "" ? [] : query.split("&")) {
    const equals = pair.indexOf("=");
    const key = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? "" : pair.slice(equals + 1);
    if (!KEYS.includes(key))
      return { ok: false, error: `unknown parameter "${key}": expected one of ${KEYS.join(", ")}` };
    if (seen.has(key)) return { ok: false, error: `parameter "${key}" is given twice` };
    seen.add(key);
    const number = value.trim() === "" ? Number.NaN : Number(value);
    if (key === "seed") {
      if (!Number.isSafeInteger(number)) return { ok: false, error: `seed: expected an integer, found "${value}"` };
      seed = number;
    } else if (!(number >= 0 && number <= 1)) {
      return { ok: false, error: `${key}: expected a probability from 0 to 1, found "${value}"` };
    } else if (isRateKey(key)) {
      rates[RATE_KEYS[key]] = number;
    } else if (isSummaryKey(key)) {
      summary[key] = number;
    }
  }
  return { ok: true, value: { name, rates, seed, ...summary } };
}
