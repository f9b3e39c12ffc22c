/**
 * How an FTS5 `unicode61` tokenizer treats one code point, as measured on FTS5 itself
 * (see `sqlite-memory-store-fts-classes.ts`): whether it can open a token, whether it can carry
 * one on (a combining mark carries on but does not open), and what it folds to inside a token
 * (lower case, diacritics removed; `""` when it is dropped).
 */
export interface FtsCodePointClass {
  starts: boolean;
  continues: boolean;
  fold: string;
}

/** Code point classes by code point; a code point without an entry is unknown. */
export type FtsCodePointClasses = ReadonlyMap<number, FtsCodePointClass>;

/**
 * Longest token, in UTF-16 units, that {@link tokenizeLikeFts} vouches for: well below FTS5's own
 * token size limit (32 KiB of UTF-8), so a token is never cut short there and not here.
 */
export const MAX_FTS_TOKEN_UNITS = 8_000;

/** What {@link tokenizeLikeFts} found: the terms in text order, or the first code point it could not vouch for. */
export type FtsTokenization = { ok: true; terms: string[] } | { ok: false; unknown?: number };

const UNKNOWN = 0;
const SEPARATOR = 1;
/** Opens and carries a token and folds to itself. */
const SAME = 2;
/** Opens and carries a token and folds to its lower case (A–Z). */
const LOWER = 3;
/** Anything else: looked up in full. */
const OTHER = 4;

const asciiKinds = new WeakMap<FtsCodePointClasses, { size: number; kinds: Uint8Array }>();

/** The ASCII code points sorted into the kinds above, rebuilt when `classes` has grown. */
function asciiKindsOf(classes: FtsCodePointClasses): Uint8Array {
  const cached = asciiKinds.get(classes);
  if (cached !== undefined && cached.size === classes.size) return cached.kinds;
  const kinds = new Uint8Array(128);
  for (let code = 0; code < 128; code += 1) {
    const found = classes.get(code);
    const char = String.fromCharCode(code);
    if (found === undefined) kinds[code] = UNKNOWN;
    else if (!found.starts && !found.continues) kinds[code] = SEPARATOR;
    else if (!found.starts || !found.continues) kinds[code] = OTHER;
    else if (found.fold === char) kinds[code] = SAME;
    else if (found.fold === char.toLowerCase() && char !== found.fold) kinds[code] = LOWER;
    else kinds[code] = OTHER;
  }
  asciiKinds.set(classes, { size: classes.size, kinds });
  return kinds;
}

/** The fold of the token text[start, end), code point by code point (every class is known). */
function foldRun(text: string, start: number, end: number, classes: FtsCodePointClasses): string {
  let term = "";
  for (let index = start; index < end; ) {
    const point = text.codePointAt(index)!;
    term += classes.get(point)!.fold;
    index += point > 0xffff ? 2 : 1;
  }
  return term;
}

/**
 * Splits `text` into the terms the FTS5 tokenizer described by `classes` would index, in order:
 * a token opens at a code point that `starts`, goes on while code points `continue`, and is the
 * concatenation of their folds. Lone surrogates are looked up as they are. Returns `ok: false`
 * (with the code point when one has no class) when a code point is unknown or a token is longer
 * than {@link MAX_FTS_TOKEN_UNITS}. Runs of plain ASCII letters and digits are sliced rather than
 * folded one by one. Pure.
 */
export function tokenizeLikeFts(text: string, classes: FtsCodePointClasses): FtsTokenization {
  const kinds = asciiKindsOf(classes);
  const terms: string[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    let point = code;
    if (code < 128) {
      const kind = kinds[code]!;
      if (kind === SEPARATOR) {
        index += 1;
        continue;
      }
      if (kind === UNKNOWN) return { ok: false, unknown: code };
      if (kind === OTHER && !classes.get(code)!.starts) {
        index += 1;
        continue;
      }
    } else {
      point = text.codePointAt(index)!;
      const opening = classes.get(point);
      if (opening === undefined) return { ok: false, unknown: point };
      if (!opening.starts) {
        index += point > 0xffff ? 2 : 1;
        continue;
      }
    }
    const start = index;
    let plain = code < 128 && kinds[code] !== OTHER;
    let lower = code < 128 && kinds[code] === LOWER;
    index += point > 0xffff ? 2 : 1;
    while (index < length) {
      const next = text.charCodeAt(index);
      if (next < 128) {
        const kind = kinds[next]!;
        if (kind === SAME) {
          index += 1;
          continue;
        }
        if (kind === LOWER) {
          lower = true;
          index += 1;
          continue;
        }
        if (kind === SEPARATOR) break;
        if (kind === UNKNOWN) return { ok: false, unknown: next };
        if (!classes.get(next)!.continues) break;
        plain = false;
        index += 1;
        continue;
      }
      const nextPoint = text.codePointAt(index)!;
      const found = classes.get(nextPoint);
      if (found === undefined) return { ok: false, unknown: nextPoint };
      if (!found.continues) break;
      plain = false;
      index += nextPoint > 0xffff ? 2 : 1;
    }
    if (index - start > MAX_FTS_TOKEN_UNITS) return { ok: false };
    if (plain) terms.push(lower ? text.slice(start, index).toLowerCase() : text.slice(start, index));
    else terms.push(foldRun(text, start, index, classes));
  }
  return { ok: true, terms };
}

/** The distinct code points of `text` that `classes` has no entry for, in first-seen order. Pure. */
export function unknownCodePoints(text: string, classes: FtsCodePointClasses): number[] {
  const unknown = new Set<number>();
  for (let index = 0; index < text.length; ) {
    const point = text.codePointAt(index)!;
    if (!classes.has(point)) unknown.add(point);
    index += point > 0xffff ? 2 : 1;
  }
  return [...unknown];
}
