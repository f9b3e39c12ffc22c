/** At most this many identifiers come back from {@link extractAuditIdentifiers} (context.md §5.7). */
export const MAX_AUDIT_IDENTIFIERS = 12;
/** At most this many keywords of the latest ask are looked for in the summary (context.md §5.7). */
export const MAX_ASK_KEYWORDS = 12;

/**
 * The §5.7 runtime patterns, leftmost match first: URL, Windows path, absolute POSIX path with
 * ≥ 2 segments, `host.name:port`, a run of ≥ 8 hex chars, a standalone run of ≥ 6 digits. Every
 * quantified part is delimited by a char it cannot contain, so matching stays linear.
 */
const AUDIT_PATTERN =
  /https?:\/\/\S+|(?<![\w])[A-Za-z]:\\\S+|(?<![\w/])(?:\/[\w.~+@%-]+){2,}|(?<![\w.-])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+:\d{1,5}(?!\d)|[A-Fa-f0-9]{8,}|\b\d{6,}\b/g;
const LEADING = "(\"'`[{<";
const TRAILING = ")]\"'`,;:.!?<>";
const PURE_HEX = /^[A-Fa-f0-9]+$/;
const MIN_IDENTIFIER_LENGTH = 4;

function strip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && LEADING.includes(text[start] ?? "")) start++;
  while (end > start && TRAILING.includes(text[end - 1] ?? "")) end--;
  return text.slice(start, end);
}

/**
 * The identifiers the runtime's quality guard requires in a summary (context.md §5.7): URLs,
 * Windows and absolute POSIX paths, `host.name:port`, runs of ≥ 8 hex chars and standalone runs of
 * ≥ 6 digits, in order of appearance; leading `("'`[{<` and trailing `)]"'`,;:.!?<>` stripped, pure
 * hex upper-cased, shorter than 4 chars dropped, deduplicated, at most 12. Pure.
 */
export function extractAuditIdentifiers(text: string): string[] {
  const identifiers: string[] = [];
  for (const found of text.matchAll(AUDIT_PATTERN)) {
    const stripped = strip(found[0]);
    const identifier = PURE_HEX.test(stripped) ? stripped.toUpperCase() : stripped;
    if (identifier.length < MIN_IDENTIFIER_LENGTH || identifiers.includes(identifier)) continue;
    identifiers.push(identifier);
    if (identifiers.length >= MAX_AUDIT_IDENTIFIERS) break;
  }
  return identifiers;
}

/** Words too common to show that a summary kept the ask: English function words and CJK filler bigrams. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its",
    "just let me my no not now of on or our please should so some than that the their them then there these",
    "they this those to up us was we were what when where which who why will with would you your",
    "请帮 帮我 我们 你们 一下 这个 那个 什么 怎么 可以 需要 现在 然后 还有 就是",
  ]
    .join(" ")
    .split(" "),
);
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
const CJK_OR_OTHER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Tokens of `text` after NFKC and lower-casing: runs of letters, digits and `_`; a CJK run
 * (Han, kana, Hangul), which has no spaces between words, becomes its overlapping two-char pairs
 * (`草莓库存` → `草莓`, `莓库`, `库存`), so a one-char CJK run yields only a 1-char token.
 */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const [word] of text.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    for (const [piece] of word.matchAll(CJK_OR_OTHER)) {
      if (!CJK.test(piece) || piece.length < 2) {
        tokens.push(piece);
        continue;
      }
      const chars = Array.from(piece);
      for (let index = 0; index + 1 < chars.length; index++) tokens.push(`${chars[index]}${chars[index + 1]}`);
    }
  }
  return tokens;
}

function keywordsOf(ask: string): string[] {
  const keywords: string[] = [];
  for (const token of tokenize(ask)) {
    if (Array.from(token).length < 2 || STOP_WORDS.has(token) || keywords.includes(token)) continue;
    keywords.push(token);
    if (keywords.length >= MAX_ASK_KEYWORDS) break;
  }
  return keywords;
}

/**
 * Whether `summary` reflects the latest user ask (context.md §5.7): of the first 12 distinct
 * keywords of `latestAsk` (NFKC, lower-cased, stop words and 1-char tokens removed; CJK as
 * two-char pairs, see `tokenize`), at least 2 must be summary tokens when there are ≥ 3 keywords,
 * else at least 1. An ask with no keyword is reflected trivially. Pure.
 */
export function checkLatestAskReflected(options: { latestAsk: string; summary: string }): boolean {
  const keywords = keywordsOf(options.latestAsk);
  if (keywords.length === 0) return true;
  const summaryTokens = new Set(tokenize(options.summary));
  const matched = keywords.filter((keyword) => summaryTokens.has(keyword)).length;
  return matched >= (keywords.length >= 3 ? 2 : 1);
}
