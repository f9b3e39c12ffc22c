import type { Identifier, IdentifierClass } from "../domain/index.js";

/**
 * Work cap of {@link extractIdentifiers}: each class pass stops after this many matches (the rest
 * of the text is not searched for that class) and the result holds at most this many identifiers.
 */
export const MAX_IDENTIFIERS = 10_000;

/** Replaces matched text so later classes cannot match inside it; no class accepts it. */
const MASK = "\u0000";

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
const URL_TRAILING = ".,;:!?)]";
const UUID_PATTERN =
  /(?<![0-9A-Za-z])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Za-z])/g;
const WORD_RUN = /[0-9A-Za-z_]+/g;
const WORD_CHAR = /[0-9A-Za-z_]/;
const HEX_RUN = /^[0-9A-Fa-f]{7,}$/;
const WINDOWS_PATH_PATTERN = /(?<![0-9A-Za-z_])[A-Za-z]:\\[\w.~+@%\\-]+/g;
const PATH_RUN = /[\w.~+@%/-]+/g;
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;
const HOST_PORT_PATTERN = /(?<![\w.-])[\w.-]+:\d{1,5}(?!\w)/g;
const IPV4_PATTERN = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?!\w|\.\d)/g;
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const NUMBER_UNIT_PATTERN =
  /(?<![\w.,])\d+(?:[.,]\d+){0,6}[ \t\u00a0]?(?:(?:tokens|chars|sec|min|kib|mib|gib|ms|kb|mb|gb|tb|px|s|h|d|%)(?![A-Za-z0-9_])|小时|分钟|[斤元件个天])/gi;
const LONG_NUMBER_PATTERN = /(?<![0-9A-Za-z_])\d{6,}(?![0-9A-Za-z_])/g;
const QUOTE_CLOSERS: Readonly<Record<string, string>> = { '"': '"', "'": "'", "`": "`", "“": "”", "「": "」" };
const ALPHANUMERIC = /[0-9A-Za-z]/;

interface Match {
  start: number;
  end: number;
  normalised: string;
}

type Scanner = (text: string) => Match[];

/** `text` without its trailing run of `chars` (a loop: `/[…]+$/` can backtrack quadratically). */
function stripTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] ?? "")) end--;
  return text.slice(0, end);
}

/**
 * Matches of `pattern`, less any trailing `trailing` chars, that `accept` turns into a normalised
 * form (`undefined` rejects one).
 */
function scanPattern(pattern: RegExp, accept: (text: string) => string | undefined, trailing = ""): Scanner {
  return (text) => {
    const matches: Match[] = [];
    for (const found of text.matchAll(pattern)) {
      if (matches.length >= MAX_IDENTIFIERS) break;
      const kept = stripTrailing(found[0], trailing);
      const normalised = accept(kept);
      if (normalised !== undefined) matches.push({ start: found.index, end: found.index + kept.length, normalised });
    }
    return matches;
  };
}

const acceptUrl = (url: string): string | undefined => (url.length > url.indexOf("//") + 2 ? url : undefined);

/** Whether the char at `index`, a separator, joins the run to a path or a longer name. */
function joinsRun(text: string, index: number, neighbour: number): boolean {
  const char = text[index];
  if (char === "/" || char === "\\") return true;
  return (char === "." || char === "-") && WORD_CHAR.test(text[neighbour] ?? "");
}

function scanStandaloneHex(text: string): Match[] {
  const matches: Match[] = [];
  for (const found of text.matchAll(WORD_RUN)) {
    if (matches.length >= MAX_IDENTIFIERS) break;
    const run = found[0];
    const start = found.index;
    const end = start + run.length;
    if (!HEX_RUN.test(run) || !/\d/.test(run) || !/[A-Fa-f]/.test(run)) continue;
    if (joinsRun(text, start - 1, start - 2) || joinsRun(text, end, end + 1)) continue;
    matches.push({ start, end, normalised: run.toLowerCase() });
  }
  return matches;
}

/** `stem.ext` with a stem of ≥ 2 chars holding a letter or digit and an extension of 1–8 chars. */
function isBareFileName(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot >= 2 && EXTENSION.test(name.slice(dot)) && ALPHANUMERIC.test(name.slice(0, dot));
}

function pathIn(run: string): { offset: number; path: string }[] {
  if (run.startsWith("/") && !run.startsWith("//") && run.split("/").filter(Boolean).length >= 2) {
    return [{ offset: 0, path: run }];
  }
  if (run.includes("/") && !run.startsWith("/") && EXTENSION.test(run)) return [{ offset: 0, path: run }];
  const found: { offset: number; path: string }[] = [];
  let offset = 0;
  for (const segment of run.split("/")) {
    if (isBareFileName(segment)) found.push({ offset, path: segment });
    offset += segment.length + 1;
  }
  return found;
}

function scanPathRuns(text: string): Match[] {
  const matches: Match[] = [];
  for (const found of text.matchAll(PATH_RUN)) {
    if (matches.length >= MAX_IDENTIFIERS) break;
    const run = stripTrailing(found[0], ".");
    for (const { offset, path } of pathIn(run)) {
      const start = found.index + offset;
      const end = start + path.length;
      if (text[end] === ":" && /\d/.test(text[end + 1] ?? "")) continue;
      matches.push({ start, end, normalised: path });
    }
  }
  return matches;
}

function isIpv4(host: string): boolean {
  const parts = host.split(".");
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/** `a.b` names: ≥ 2 labels of letters, digits and inner hyphens, the last holding a letter. */
function isHostName(host: string): boolean {
  const labels = host.split(".");
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && /[A-Za-z]/.test(labels.at(-1) ?? "");
}

function acceptHostPort(text: string): string | undefined {
  const host = text.slice(0, text.lastIndexOf(":"));
  return isIpv4(host) || isHostName(host) ? text : undefined;
}

function opensQuote(text: string, index: number): boolean {
  const before = text[index - 1] ?? "";
  return before !== "\\" && (text[index] !== "'" || !ALPHANUMERIC.test(before));
}

function closesQuote(text: string, index: number, close: string): boolean {
  if (text[index] !== close || text[index - 1] === "\\") return false;
  return close !== "'" || !ALPHANUMERIC.test(text[index + 1] ?? "");
}

/** Index of the quote closing the one at `open`, or `-lineEnd - 1` when the line has none. */
function findCloser(text: string, open: number, close: string): number {
  let index = open + 1;
  for (; index < text.length && text[index] !== "\n" && text[index] !== "\r"; index++) {
    if (closesQuote(text, index, close)) return index;
  }
  return -index - 1;
}

function scanQuoted(text: string): Match[] {
  const matches: Match[] = [];
  // Per opening quote, the line end before which no closer exists: keeps the scan linear.
  const noCloserBefore = new Map<string, number>();
  let index = 0;
  while (index < text.length && matches.length < MAX_IDENTIFIERS) {
    const open = text[index] ?? "";
    const close = QUOTE_CLOSERS[open];
    if (close === undefined || index < (noCloserBefore.get(open) ?? -1) || !opensQuote(text, index)) {
      index++;
      continue;
    }
    const closer = findCloser(text, index, close);
    if (closer < 0) {
      noCloserBefore.set(open, -closer - 1);
      index++;
      continue;
    }
    const inner = text.slice(index + 1, closer);
    const jsonKey = open === '"' && text[closer + 1] === ":";
    if (inner.length >= 3 && inner.length <= 80 && !inner.includes(MASK) && inner.trim() !== "" && !jsonKey) {
      matches.push({ start: index, end: closer + 1, normalised: inner });
    }
    index = closer + 1;
  }
  return matches;
}

/** The class passes in the order they apply; each pass is masked before the next runs. Scanners return matches in text order. */
const PASSES: readonly { kind: IdentifierClass; scan: Scanner }[] = [
  { kind: "url", scan: scanPattern(URL_PATTERN, acceptUrl, URL_TRAILING) },
  { kind: "uuid", scan: scanPattern(UUID_PATTERN, (text) => text.toLowerCase()) },
  { kind: "hex", scan: scanStandaloneHex },
  { kind: "path", scan: scanPattern(WINDOWS_PATH_PATTERN, (text) => (/^.:\\$/.test(text) ? undefined : text), ".") },
  { kind: "path", scan: scanPathRuns },
  { kind: "host", scan: scanPattern(HOST_PORT_PATTERN, acceptHostPort) },
  { kind: "host", scan: scanPattern(IPV4_PATTERN, (text) => (isIpv4(text) ? text : undefined)) },
  { kind: "number-unit", scan: scanPattern(NUMBER_UNIT_PATTERN, (text) => text.replace(/\s+/g, "").toLowerCase()) },
  { kind: "long-number", scan: scanPattern(LONG_NUMBER_PATTERN, (text) => text) },
  { kind: "quoted", scan: scanQuoted },
];

function maskMatches(text: string, matches: readonly Match[]): string {
  if (matches.length === 0) return text;
  const parts: string[] = [];
  let cursor = 0;
  for (const match of matches) {
    parts.push(text.slice(cursor, match.start), MASK.repeat(match.end - match.start));
    cursor = match.end;
  }
  parts.push(text.slice(cursor));
  return parts.join("");
}

/**
 * The identifiers of `text` by the harness rules of context.md §8.1: URL, UUID, hex hash, file
 * path, host:port / IPv4, number with unit, long number and quoted string, applied in that order.
 * Each match is masked so later classes never match inside it (so a quoted string holding an
 * earlier identifier is not itself one). Deduplicated by normalised form, in order of first
 * appearance; `text` is the identifier as written (quotes included for quoted strings).
 * Choices where §8.1 leaves room:
 * - a hex run next to `/` or `\`, or joined to a word by `.` or `-` (`app.3f9a2c1d.js`), belongs to
 *   a path or name and is not standalone;
 * - a bare file name directly followed by `:<digit>` is left to host:port (`api.example.com:443`);
 *   a one-segment absolute path (`/notes.md`) yields its bare file name; `//…` is not a path;
 * - a unit is not followed by a letter, digit or `_` (so `41d4` has no number with unit);
 * - a host name's last label holds a letter, so a ratio such as `3.5:1` is not a host; IPv4 octets ≤ 255;
 * - `"…"` directly followed by `:` is a JSON key, not a quoted identifier; `'` opens only after a
 *   non-alphanumeric char and closes only before one (contractions); `\"` never delimits;
 * - quoted-string lengths are UTF-16 code units.
 * Linear time in the length of `text` (no backtracking-prone patterns); at most
 * {@link MAX_IDENTIFIERS} results. Pure.
 */
export function extractIdentifiers(text: string): Identifier[] {
  let masked = text.includes(MASK) ? text.replaceAll(MASK, " ") : text;
  const found: (Match & { kind: IdentifierClass })[] = [];
  for (const pass of PASSES) {
    const matches = pass.scan(masked);
    for (const match of matches) found.push({ ...match, kind: pass.kind });
    masked = maskMatches(masked, matches);
  }
  found.sort((a, b) => a.start - b.start);
  const seen = new Set<string>();
  const identifiers: Identifier[] = [];
  for (const match of found) {
    if (identifiers.length >= MAX_IDENTIFIERS) break;
    if (seen.has(match.normalised)) continue;
    seen.add(match.normalised);
    identifiers.push({ kind: match.kind, text: text.slice(match.start, match.end), normalised: match.normalised });
  }
  return identifiers;
}

/**
 * A predicate telling whether `summary` contains an identifier (context.md §8.1): the identifier's
 * normalised form occurs in the summary, compared case-insensitively for hex hashes and UUIDs,
 * and with all whitespace removed and the summary lower-cased for numbers with units; a plain
 * substring test otherwise. Prepares the summary once, for checking many identifiers against it.
 */
export function createSummaryMatcher(summary: string): (identifier: Identifier) => boolean {
  const lower = summary.toLowerCase();
  const compact = lower.replace(/\s+/g, "");
  return (identifier) => {
    switch (identifier.kind) {
      case "hex":
      case "uuid":
        return lower.includes(identifier.normalised.toLowerCase());
      case "number-unit":
        return compact.includes(identifier.normalised);
      default:
        return summary.includes(identifier.normalised);
    }
  };
}

/** Whether `summary` contains `identifier` by the §8.1 rule (see {@link createSummaryMatcher}). */
export function summaryContainsIdentifier(summary: string, identifier: Identifier): boolean {
  return createSummaryMatcher(summary)(identifier);
}
