import { mapJsonStrings } from "../domain/map-json-strings.js";
import { escapeHtml } from "./escape-html.js";
import { escapeRegExp } from "./escape-reg-exp.js";

/** Written in place of every secret. */
export const REDACTED = "[redacted]";

/** Values shorter than this (chars, after trimming) are never secrets: they would hit ordinary words. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The value of a credential header written out, e.g. `"authorization": "Bearer abc…"` or
 * `x-api-key=abc…`, also inside JSON-escaped text; group 1 is the value itself (token characters
 * only, so a placeholder such as `$API_KEY` is kept).
 */
const CREDENTIAL_HEADER =
  /\b(?:proxy-authorization|authorization|x-api-key|api-key)(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?(?:(?:bearer|basic|token)\s+)?([\w\-.~+/]{8,}=*)/gi;

/** A name {@link CREDENTIAL_HEADER} needs: text without one is not searched with it. */
const CREDENTIAL_HEADER_NAME = /authorization|api-key/i;

/** Removes secrets from text and JSON-like values before they are written or printed. */
export interface SecretRedactor {
  /** The secrets searched for: distinct, trimmed, at least {@link MIN_SECRET_LENGTH} chars, longest first. */
  readonly secrets: readonly string[];
  /**
   * `text` with every occurrence of a secret (as written, URL- or form-encoded, HTML-escaped,
   * JSON-escaped once or twice) and every credential header value replaced by {@link REDACTED}.
   * Overlapping occurrences become one marker, so no part of either secret survives. Pure.
   */
  redactText(text: string): string;
  /**
   * A JSON-like value with {@link redactText} applied to every string and object key. Parts
   * with nothing to redact are returned as they are, not copied. Other objects are kept as is.
   */
  redactValue<T>(value: T): T;
  /** Adds secrets learned later (a loaded config); values shorter than the minimum are ignored. */
  add(secrets: Iterable<string>): void;
}

function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function asciiJsonEscape(text: string): string {
  return jsonEscape(text).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The ways a secret is commonly written into text: as is, URL- or form-encoded, HTML-escaped
 * (as a server may send it), each of those JSON-escaped once or twice (a reply quoted as JSON
 * in a message that is itself JSON), and ASCII-only JSON.
 */
function encodedForms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const lowerHexUrl = url.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase());
  const written = [secret, url, lowerHexUrl, url.replace(/%20/g, "+"), escapeHtml(secret)];
  const quoted = written.map(jsonEscape);
  return [...written, ...quoted, ...quoted.map(jsonEscape), ...written.map(asciiJsonEscape)];
}

function mergeSpans(spans: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const span of spans.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last !== undefined && span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/**
 * Encoded secret forms longer than this (chars) are searched for with `indexOf` instead of being
 * joined into the one alternation: V8 refuses a regular expression of a few hundred KiB.
 */
const MAX_PATTERN_FORM_CHARS = 1024;

/** Texts at least this long have their redaction remembered; see {@link REMEMBERED_TEXTS}. */
const REMEMBERED_MIN_CHARS = 1024;

/** Redactions remembered at most; the memory starts afresh when it is full. */
const REMEMBERED_TEXTS = 64;

/** A redactor for `secrets` (e.g. from `collectEnvSecrets` and `collectConfigSecrets`). */
export function createSecretRedactor(secrets: Iterable<string>): SecretRedactor {
  let known: string[] = [];
  let pattern: RegExp | undefined;
  let longForms: string[] = [];

  const findSpans = (text: string): [number, number][] => {
    const spans: [number, number][] = [];
    if (CREDENTIAL_HEADER_NAME.test(text)) {
      for (const match of text.matchAll(CREDENTIAL_HEADER)) {
        const value = match[1] ?? "";
        const end = (match.index ?? 0) + match[0].length;
        spans.push([end - value.length, end]);
      }
    }
    for (const form of longForms) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) spans.push([at, at + form.length]);
    }
    if (pattern === undefined) return spans;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      spans.push([match.index, match.index + match[0].length]);
      // Restart one char later, so a secret overlapping this one is found too.
      pattern.lastIndex = match.index + 1;
    }
    return spans;
  };

  const redactOnce = (text: string): string => {
    const spans = findSpans(text);
    if (spans.length === 0) return text;
    let result = "";
    let from = 0;
    for (const [start, end] of mergeSpans(spans)) {
      result += text.slice(from, start) + REDACTED;
      from = end;
    }
    return result + text.slice(from);
  };

  // Long texts recur: every unit of a run records the same system prompt, in its turn and in its
  // prompt event. Their redaction is remembered (until the secrets change), a few at a time.
  let remembered = new Map<string, string>();
  const redactText = (text: string): string => {
    if (text.length < REMEMBERED_MIN_CHARS) return redactOnce(text);
    const hit = remembered.get(text);
    if (hit !== undefined) return hit;
    const redacted = redactOnce(text);
    if (remembered.size >= REMEMBERED_TEXTS) remembered = new Map();
    remembered.set(text, redacted);
    return redacted;
  };

  // Shorter text holds nothing to redact: every secret form is at least this long, and so is a
  // credential header with its value.
  const redactString = (text: string): string => (text.length < MIN_SECRET_LENGTH ? text : redactText(text));

  // A result has thousands of small objects and almost never a secret: only what changes is copied.
  const redactValue = (value: unknown): unknown => mapJsonStrings(value, redactString, redactString);

  const add = (more: Iterable<string>): void => {
    remembered = new Map();
    const trimmed = [...more].map((secret) => secret.trim()).filter((secret) => secret.length >= MIN_SECRET_LENGTH);
    known = [...new Set([...known, ...trimmed])].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    const forms = [...new Set(known.flatMap(encodedForms))].sort((a, b) => b.length - a.length);
    const short = forms.filter((form) => form.length <= MAX_PATTERN_FORM_CHARS);
    longForms = forms.filter((form) => form.length > MAX_PATTERN_FORM_CHARS);
    pattern = short.length === 0 ? undefined : new RegExp(short.map(escapeRegExp).join("|"), "g");
  };

  add(secrets);
  return {
    get secrets() {
      return known;
    },
    redactText,
    redactValue: <T>(value: T): T => redactValue(value) as T,
    add,
  };
}
