/**
 * Longest pre-token piece encoded whole, in chars. The offline encoder's merge loop is worse
 * than quadratic in a piece's length, and its pre-tokenizer leaves runs of letters, punctuation
 * or whitespace as one piece: a 20 000-char word took 40 s.
 */
export const MAX_BPE_PIECE_CHARS = 32;

/** Length of the parts a longer piece is cut into, in chars (a few tokens each). */
const CUT_CHARS = 16;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function cutPiece(piece: string, into: string[]): void {
  let start = 0;
  while (start < piece.length) {
    let end = Math.min(start + CUT_CHARS, piece.length);
    // Keep surrogate pairs whole, so every part is valid text.
    if (end < piece.length && isHighSurrogate(piece.charCodeAt(end - 1))) end += 1;
    into.push(piece.slice(start, end));
    start = end;
  }
}

export interface SplitForBpeOptions {
  text: string;
  /** The encoder's pre-tokenizer pattern source (it is compiled here with the `gu` flags). */
  pretokenizer: string;
}

/**
 * Segments of `text` to encode one by one, whose token counts sum to the count of the whole:
 * runs of ordinary pre-token pieces stay together (their count is exact), and each piece longer
 * than {@link MAX_BPE_PIECE_CHARS} is cut into {@link CUT_CHARS}-char parts. The count of such a
 * long run (a 20 000-char word, a wall of punctuation or spaces) is therefore approximate,
 * usually within a token per cut. Pure; linear in the length of `text`.
 */
export function splitForBpe(options: SplitForBpeOptions): string[] {
  const { text } = options;
  const segments: string[] = [];
  let pending = 0;
  for (const match of text.matchAll(new RegExp(options.pretokenizer, "gu"))) {
    const piece = match[0];
    if (piece.length <= MAX_BPE_PIECE_CHARS) continue;
    if (match.index > pending) segments.push(text.slice(pending, match.index));
    cutPiece(piece, segments);
    pending = match.index + piece.length;
  }
  if (pending < text.length) segments.push(text.slice(pending));
  return segments;
}
