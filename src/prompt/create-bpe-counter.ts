import { type BpeRankTable, findBpeRank } from "./bpe-rank-table.js";
import { MAX_BPE_PIECE_CHARS, splitForBpe } from "./split-for-bpe.js";

/** Counts BPE tokens of a text. */
export type BpeCounter = (text: string) => number;

export interface CreateBpeCounterOptions {
  table: BpeRankTable;
  /** The encoder's pre-tokenizer pattern source (compiled here with the `gu` flags). */
  pretokenizer: string;
}

/**
 * Tokens of one pre-token piece, `bytes[0..length)`: one when the vocabulary spells it whole,
 * else the parts left by merging, again and again, the adjacent pair whose union has the lowest
 * rank (the leftmost on a tie), as tiktoken does. Parts no rank spells are not counted.
 */
function countPieceTokens(table: BpeRankTable, bytes: Uint8Array, length: number): number {
  if (length === 0) return 0;
  if (length === 1 || findBpeRank(table, bytes, 0, length) >= 0) return 1;
  const bounds = Int32Array.from({ length: length + 1 }, (_, index) => index);
  const pairRanks = new Float64Array(length - 1);
  const pairRank = (part: number) => {
    const rank = findBpeRank(table, bytes, bounds[part]!, bounds[part + 2]!);
    return rank < 0 ? Number.POSITIVE_INFINITY : rank;
  };
  for (let part = 0; part < length - 1; part++) pairRanks[part] = pairRank(part);
  let parts = length;
  while (parts > 1) {
    let best = -1;
    for (let part = 0; part < parts - 1; part++) {
      if (pairRanks[part]! !== Number.POSITIVE_INFINITY && (best < 0 || pairRanks[part]! < pairRanks[best]!))
        best = part;
    }
    if (best < 0) break;
    bounds.copyWithin(best + 1, best + 2, parts + 1);
    pairRanks.copyWithin(best, best + 1, parts - 1);
    parts -= 1;
    if (best < parts - 1) pairRanks[best] = pairRank(best);
    if (best > 0) pairRanks[best - 1] = pairRank(best - 1);
  }
  let tokens = 0;
  for (let part = 0; part < parts; part++)
    if (findBpeRank(table, bytes, bounds[part]!, bounds[part + 1]!) >= 0) tokens++;
  return tokens;
}

/**
 * A token counter over a rank table that gives, for every text, the length of js-tiktoken's
 * `encode(segment, [], [])` summed over the segments of {@link splitForBpe}: special-token text
 * such as `<|endoftext|>` counts as plain text, and the count is linear in the text's length
 * (approximate only for a run longer than `MAX_BPE_PIECE_CHARS` with no break). Pure.
 */
export function createBpeCounter(options: CreateBpeCounterOptions): BpeCounter {
  const { table, pretokenizer } = options;
  const pattern = new RegExp(pretokenizer, "gu");
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(256);
  const countPieces = (text: string, stopAtLongPiece: boolean): number => {
    let tokens = 0;
    for (const match of text.matchAll(pattern)) {
      const piece = match[0];
      if (stopAtLongPiece && piece.length > MAX_BPE_PIECE_CHARS) return -1;
      // UTF-8 needs at most 3 bytes per UTF-16 code unit (a lone surrogate becomes U+FFFD).
      if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
      const { written } = encoder.encodeInto(piece, scratch);
      tokens += countPieceTokens(table, scratch, written);
    }
    return tokens;
  };
  return (text) => {
    // With no piece over the limit, splitForBpe would return the text whole: one pass is enough.
    const whole = countPieces(text, true);
    if (whole >= 0) return whole;
    let tokens = 0;
    for (const segment of splitForBpe({ text, pretokenizer })) tokens += countPieces(segment, false);
    return tokens;
  };
}
