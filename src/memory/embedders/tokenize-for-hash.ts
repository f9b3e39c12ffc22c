const TOKEN_RUN = /[\p{L}\p{N}_]+/gu;

/** Hiragana/katakana, CJK extension A, unified ideographs, Hangul syllables, compatibility ideographs. */
const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x3040, 0x30ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7af],
  [0xf900, 0xfaff],
];

/** Whether a character is in one of the CJK ranges the hash embedder splits into unigrams and bigrams. */
export function isCjk(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return CJK_RANGES.some(([low, high]) => code >= low && code <= high);
}

function pushCjk(tokens: string[], chars: readonly string[]): void {
  tokens.push(...chars);
  for (let index = 1; index < chars.length; index++) tokens.push(`${chars[index - 1]}${chars[index]}`);
}

/**
 * The tokens the hash embedder counts (memory.md §5.2), with repeats, in text order: NFKC then
 * lower-case; each maximal run of letters, digits and `_`; inside a run, each maximal CJK
 * sub-run gives its characters and then its adjacent pairs, and each other sub-run one token.
 * `"草莓库存 low"` gives `草 莓 库 存 草莓 莓库 库存 low`.
 */
export function tokenizeForHash(text: string): string[] {
  const tokens: string[] = [];
  for (const [run] of text.normalize("NFKC").toLowerCase().matchAll(TOKEN_RUN)) {
    let plain = "";
    let cjk: string[] = [];
    for (const char of run) {
      if (isCjk(char)) {
        if (plain !== "") tokens.push(plain);
        plain = "";
        cjk.push(char);
      } else {
        if (cjk.length > 0) pushCjk(tokens, cjk);
        cjk = [];
        plain += char;
      }
    }
    if (plain !== "") tokens.push(plain);
    if (cjk.length > 0) pushCjk(tokens, cjk);
  }
  return tokens;
}
