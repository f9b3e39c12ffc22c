/**
 * A BPE vocabulary in three flat arrays, cheap to build, to store and to read back: token `rank`
 * is the bytes `bytes[starts[rank]] .. bytes[starts[rank + 1] - 1]` (no bytes for an unused
 * rank), and `slots` is an open-addressing hash table (linear probing, FNV-1a of the bytes) whose
 * entries hold `rank + 1`, with 0 for an empty slot. Its length is a power of two, at least twice
 * the rank count, so probes stay short. Treat as read-only.
 */
export interface BpeRankTable {
  starts: Uint32Array;
  slots: Int32Array;
  bytes: Uint8Array;
}

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64_ALPHABET.length; index++) BASE64_VALUES[BASE64_ALPHABET.charCodeAt(index)] = index;

function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash >>> 0;
}

function sameBytes(table: BpeRankTable, rank: number, bytes: Uint8Array, start: number, end: number): boolean {
  const from = table.starts[rank]!;
  if (table.starts[rank + 1]! - from !== end - start) return false;
  for (let index = 0; index < end - start; index++)
    if (table.bytes[from + index] !== bytes[start + index]) return false;
  return true;
}

/** Rank of the token spelled by `bytes[start..end)`, or -1 when there is none. Pure. */
export function findBpeRank(table: BpeRankTable, bytes: Uint8Array, start: number, end: number): number {
  const mask = table.slots.length - 1;
  let slot = hashBytes(bytes, start, end) & mask;
  // Bounded, so even a table with no empty slot (damaged data) cannot loop forever.
  for (let probes = 0; probes < table.slots.length; probes++, slot = (slot + 1) & mask) {
    const entry = table.slots[slot]!;
    if (entry === 0) return -1;
    if (sameBytes(table, entry - 1, bytes, start, end)) return entry - 1;
  }
  return -1;
}

interface RankedToken {
  rank: number;
  /** Base64 text of the token's bytes. */
  text: string;
}

/** Lines `<label> <first rank> <base64> <base64> ...`: consecutive ranks from the first. */
function readRankedTokens(ranks: string): RankedToken[] {
  const tokens: RankedToken[] = [];
  for (const line of ranks.split("\n")) {
    const fields = line.split(" ");
    if (fields.length < 3) continue;
    const first = Number.parseInt(fields[1]!, 10);
    for (let index = 2; index < fields.length; index++) tokens.push({ rank: first + index - 2, text: fields[index]! });
  }
  return tokens;
}

function decodeBase64Into(text: string, into: Uint8Array, at: number): number {
  let bits = 0;
  let value = 0;
  let written = at;
  for (let index = 0; index < text.length; index++) {
    const digit = BASE64_VALUES[text.charCodeAt(index)] ?? -1;
    if (digit < 0) break;
    value = ((value << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      into[written++] = (value >> bits) & 0xff;
    }
  }
  return written;
}

/**
 * Builds the table from js-tiktoken's compressed rank text (`bpe_ranks` of a `ranks/*` module).
 * When two ranks spell the same bytes, the higher rank wins, as in js-tiktoken's own map. Pure;
 * linear in the text's length.
 */
export function parseBpeRanks(ranks: string): BpeRankTable {
  const tokens = readRankedTokens(ranks);
  const rankCount = tokens.reduce((count, token) => Math.max(count, token.rank + 1), 0);
  const byRank: (string | undefined)[] = new Array(rankCount);
  for (const token of tokens) byRank[token.rank] = token.text;
  const starts = new Uint32Array(rankCount + 1);
  const bytes = new Uint8Array(tokens.reduce((sum, token) => sum + Math.ceil((token.text.length * 3) / 4), 0));
  let length = 0;
  for (let rank = 0; rank < rankCount; rank++) {
    starts[rank] = length;
    const text = byRank[rank];
    if (text !== undefined) length = decodeBase64Into(text, bytes, length);
  }
  starts[rankCount] = length;
  let slotCount = 1;
  while (slotCount < rankCount * 2) slotCount *= 2;
  const table: BpeRankTable = { starts, slots: new Int32Array(slotCount), bytes: bytes.slice(0, length) };
  for (let rank = 0; rank < rankCount; rank++) {
    const start = starts[rank]!;
    const end = starts[rank + 1]!;
    if (byRank[rank] === undefined) continue;
    let slot = hashBytes(table.bytes, start, end) & (slotCount - 1);
    while (table.slots[slot] !== 0 && !sameBytes(table, table.slots[slot]! - 1, table.bytes, start, end)) {
      slot = (slot + 1) & (slotCount - 1);
    }
    table.slots[slot] = rank + 1;
  }
  return table;
}
